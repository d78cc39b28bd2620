#include "lane_assignment.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

namespace xo::tracer {

LaneAssignment assign_lanes(const std::vector<PhaseSpan>& phases) {
  std::vector<std::uint32_t> by_start(phases.size());
  std::iota(by_start.begin(), by_start.end(), 0u);
  // Stable, so that equal (start, end) keep the order they were reported in.
  std::stable_sort(by_start.begin(), by_start.end(), [&](std::uint32_t x, std::uint32_t y) {
    const PhaseSpan& a = phases[x];
    const PhaseSpan& b = phases[y];
    return a.start != b.start ? a.start < b.start : a.end < b.end;
  });

  // First fit in O(n log n): as starts only grow, a lane that is free for one phase stays free
  // until it is given one, so busy lanes wait in a heap by end time and move to a heap of free
  // lanes (smallest index first) once a phase starts at or after their end.
  using Busy = std::pair<std::int64_t, std::uint32_t>;  // (end of its last phase, lane)
  std::priority_queue<Busy, std::vector<Busy>, std::greater<>> busy;
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> free;
  std::vector<std::uint32_t> lane_of(phases.size());
  LaneAssignment out;
  for (std::uint32_t index : by_start) {
    const PhaseSpan& p = phases[index];
    while (!busy.empty() && busy.top().first <= p.start) {
      free.push(busy.top().second);
      busy.pop();
    }
    std::uint32_t lane;
    if (free.empty()) {
      lane = out.lanes++;
    } else {
      lane = free.top();
      free.pop();
    }
    lane_of[index] = lane;
    busy.emplace(p.end, lane);
  }

  // Counting sort by lane, keeping time order within a lane.
  out.lane_begin.assign(out.lanes + 1, 0);
  for (std::uint32_t lane : lane_of) ++out.lane_begin[lane + 1];
  std::partial_sum(out.lane_begin.begin(), out.lane_begin.end(), out.lane_begin.begin());
  std::vector<std::uint32_t> next(out.lane_begin.begin(), out.lane_begin.end() - 1);
  out.order.resize(phases.size());
  for (std::uint32_t index : by_start) out.order[next[lane_of[index]]++] = index;
  return out;
}

}  // namespace xo::tracer
