#pragma once
// The engine's timed events: a 4-ary min-heap of plain records ordered by (time, sequence).
// The sequence number breaks ties in insertion order, which makes every run deterministic.
// Four children per node halve the depth of a binary heap, and pop moves the hole to a leaf
// before placing the last record (Floyd's bottom-up variant): with tens of thousands of ranks
// the queue is large and this is the engine's hottest loop.

#include <cstdint>
#include <vector>

#include "virtual_time.hpp"

namespace xo::sim {

class Engine;

using EventHandler = void (*)(Engine& engine, void* object, std::int64_t argument);

struct Event {
  Time time;
  std::uint64_t sequence;
  EventHandler handler;
  void* object;
  std::int64_t argument;
};
static_assert(sizeof(Event) == 40, "events are plain 40-byte records");

class EventQueue {
 public:
  void push(Time time, EventHandler handler, void* object, std::int64_t argument);
  Event pop();
  const Event& top() const { return heap_.front(); }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  void reserve(std::size_t n) { heap_.reserve(n); }

 private:
  static bool before(const Event& a, const Event& b) {
    return a.time < b.time || (a.time == b.time && a.sequence < b.sequence);
  }
  static constexpr std::size_t kArity = 4;
  void sift_up(std::size_t i, const Event& moving);

  std::vector<Event> heap_;
  std::uint64_t next_sequence_ = 0;
};

}  // namespace xo::sim
