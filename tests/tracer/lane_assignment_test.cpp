// Protocol phases spread over network lanes: first fit in (start, end, reported) order, so that
// Enter/Leave nest on every lane and the lane count is the most phases in flight at once.

#include "lane_assignment.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using xo::mpi::Phase;
using xo::tracer::assign_lanes;
using xo::tracer::LaneAssignment;
using xo::tracer::PhaseSpan;

PhaseSpan span(std::int64_t start, std::int64_t end) { return {start, end, 0, -1, 0, Phase::Data}; }

// The phase indices of each lane.
std::vector<std::vector<std::uint32_t>> lanes_of(const LaneAssignment& a) {
  std::vector<std::vector<std::uint32_t>> out(a.lanes);
  for (std::uint32_t lane = 0; lane < a.lanes; ++lane) {
    out[lane].assign(a.order.begin() + a.lane_begin[lane], a.order.begin() + a.lane_begin[lane + 1]);
  }
  return out;
}

using Lanes = std::vector<std::vector<std::uint32_t>>;

TEST(LaneAssignment, NoPhasesNoLanes) {
  const LaneAssignment a = assign_lanes({});
  EXPECT_EQ(a.lanes, 0u);
  EXPECT_TRUE(a.order.empty());
}

TEST(LaneAssignment, PhasesOneAfterAnotherShareALaneInTimeOrder) {
  // Reported out of order; one ends exactly where the next starts.
  EXPECT_EQ(lanes_of(assign_lanes({span(20, 30), span(0, 10), span(10, 20)})), (Lanes{{1, 2, 0}}));
}

TEST(LaneAssignment, OverlappingPhasesTakeAsManyLanesAsAreInFlight) {
  EXPECT_EQ(lanes_of(assign_lanes({span(0, 100), span(10, 20), span(15, 30), span(40, 50)})),
            (Lanes{{0}, {1, 3}, {2}}));
}

TEST(LaneAssignment, APhaseTakesTheLowestFreeLane) {
  // At 50 lanes 0 and 2 are free again (lane 1 is busy): the phase goes to lane 0.
  EXPECT_EQ(lanes_of(assign_lanes({span(0, 40), span(5, 100), span(10, 45), span(50, 60)})), (Lanes{{0, 3}, {1}, {2}}));
}

TEST(LaneAssignment, EqualStartsGoShorterFirstThenInReportedOrder) {
  EXPECT_EQ(lanes_of(assign_lanes({span(0, 30), span(0, 10), span(0, 10), span(10, 20)})), (Lanes{{1, 3}, {2}, {0}}));
}

TEST(LaneAssignment, ZeroLengthPhasesNest) {
  EXPECT_EQ(lanes_of(assign_lanes({span(5, 5), span(5, 5), span(5, 8)})), (Lanes{{0, 1, 2}}));
}

}  // namespace
