#include "event_queue.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace xo::sim {

void EventQueue::push(Time time, EventHandler handler, void* object, std::int64_t argument) {
  heap_.emplace_back();
  sift_up(heap_.size() - 1, Event{time, next_sequence_++, handler, object, argument});
}

Event EventQueue::pop() {
  assert(!heap_.empty());
  const Event first = heap_.front();
  const std::size_t n = heap_.size() - 1;  // size after removing the last record
  if (n == 0) {
    heap_.pop_back();
    return first;
  }
  // Walk the hole at the root down to a leaf along the smallest children...
  std::size_t hole = 0;
  for (;;) {
    const std::size_t child = kArity * hole + 1;
    if (child >= n) break;
    std::size_t best = child;
    const std::size_t end = std::min(child + kArity, n);
    for (std::size_t c = child + 1; c < end; ++c) {
      if (before(heap_[c], heap_[best])) best = c;
    }
    heap_[hole] = heap_[best];
    hole = best;
  }
  // ...then drop the last record into it and let it rise to its place.
  const Event last = heap_[n];
  heap_.pop_back();
  sift_up(hole, last);
  return first;
}

void EventQueue::sift_up(std::size_t i, const Event& moving) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / kArity;
    if (!before(moving, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = moving;
}

}  // namespace xo::sim
