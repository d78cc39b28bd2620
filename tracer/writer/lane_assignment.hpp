#pragma once
// Protocol phases of one rank may overlap (several messages in flight), but OTF2 requires the
// Enter/Leave events of a task to nest. The phases are therefore spread over lanes, each a task
// of the rank's location (trace_contract.hpp): sorted by (start, end, order reported), each phase goes to the first
// lane whose last phase ended at or before it starts, or to a new lane. Phases within a lane then follow one another,
// and the lane count is the most phases the rank had in flight at once.

#include <cstdint>
#include <vector>

#include "rank_event.hpp"

namespace xo::tracer {

struct LaneAssignment {
  std::uint32_t lanes = 0;
  // Indices into the phases, lane by lane, in time order within each lane.
  std::vector<std::uint32_t> order;
  // Lane l's phases are order[lane_begin[l], lane_begin[l + 1]).
  std::vector<std::uint32_t> lane_begin;
};

LaneAssignment assign_lanes(const std::vector<PhaseSpan>& phases);

}  // namespace xo::tracer
