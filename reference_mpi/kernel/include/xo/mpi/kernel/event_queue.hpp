#pragma once
// The engine's timed events, ordered by time and, among equal times, by insertion: every run is
// deterministic. A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms for the
// shortest path problem", JACM 1990): the engine never schedules before the event it is firing,
// so every key is at least `last_`, the time of the last pop, and an event waits in the bucket
// of the highest bit in which its time differs from last_. Bucket 0 holds the events at last_
// itself, in insertion order; when it runs dry the lowest other bucket is spread over the lower
// ones around its smallest time. Each event moves a few times at most, a push is an append, and
// the many events an SPMD program schedules for one instant cost no comparisons at all. Buckets
// are filled and spread in order, so events of equal time keep their insertion order.

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::sim {

class Engine;

using EventHandler = void (*)(Engine& engine, void* object, std::int64_t argument);

struct Event {
  Time time;
  EventHandler handler;
  void* object;
  std::int64_t argument;
};
static_assert(sizeof(Event) == 32, "events are plain 32-byte records");

class EventQueue {
 public:
  // `time` must not be earlier than the last popped event's: no event fires in the past (the
  // engine asserts it; a release build fires such an event now rather than misorder the queue).
  void push(Time time, EventHandler handler, void* object, std::int64_t argument) {
    if (time < last_) [[unlikely]]
      time = last_;
    const int b = bucket_of(time);
    buckets_[b].push_back(Event{time, handler, object, argument});
    if (b != 0) {
      if ((nonempty_ & (std::uint64_t{1} << (b - 1))) == 0 || time < smallest_[b]) smallest_[b] = time;
      nonempty_ |= std::uint64_t{1} << (b - 1);
    }
    ++size_;
  }
  Event pop();
  // The earliest time queued; the queue must not be empty.
  Time top_time() const {
    if (head_ < buckets_[0].size()) return last_;
    return smallest_[lowest_bucket()];
  }
  // The event `ahead` places after the next one to pop, if it is due at the same time (events of
  // one instant wait in insertion order); null otherwise. For fetching what it will touch early.
  const Event* peek_same_time(std::size_t ahead) const {
    const std::size_t at = head_ + ahead;
    return at < buckets_[0].size() ? &buckets_[0][at] : nullptr;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

 private:
  static constexpr int kBuckets = 65;  // 0: equal to last_; b: highest differing bit is b - 1

  int bucket_of(Time time) const {
    const auto differ = static_cast<std::uint64_t>(time) ^ static_cast<std::uint64_t>(last_);
    return differ == 0 ? 0 : 64 - std::countl_zero(differ);
  }
  int lowest_bucket() const { return std::countr_zero(nonempty_) + 1; }
  // Bucket 0 is used up: move last_ to the smallest queued time and spread its bucket.
  void refill();

  std::array<std::vector<Event>, kBuckets> buckets_;
  std::array<Time, kBuckets> smallest_{};  // per nonempty bucket 1..64: its earliest time
  std::uint64_t nonempty_ = 0;             // bit b - 1 set: bucket b holds events
  std::size_t head_ = 0;                   // bucket 0 is consumed from here
  std::size_t size_ = 0;
  Time last_ = 0;
};

}  // namespace xo::sim
