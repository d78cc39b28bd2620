#include "xo/mpi/kernel/event_queue.hpp"

#include <cassert>

namespace xo::sim {

Event EventQueue::pop() {
  assert(size_ > 0);
  std::vector<Event>& now = buckets_[0];
  if (head_ == now.size()) {
    now.clear();
    head_ = 0;
    refill();
  }
  --size_;
  return now[head_++];
}

void EventQueue::refill() {
  const int from = lowest_bucket();
  last_ = smallest_[from];
  std::vector<Event>& spread = buckets_[from];
  nonempty_ &= ~(std::uint64_t{1} << (from - 1));
  for (const Event& e : spread) {
    const int b = bucket_of(e.time);  // below `from`: e agrees with the new last_ above bit from - 1
    buckets_[b].push_back(e);
    if (b != 0) {
      if ((nonempty_ & (std::uint64_t{1} << (b - 1))) == 0 || e.time < smallest_[b]) smallest_[b] = e.time;
      nonempty_ |= std::uint64_t{1} << (b - 1);
    }
  }
  spread.clear();
}

}  // namespace xo::sim
