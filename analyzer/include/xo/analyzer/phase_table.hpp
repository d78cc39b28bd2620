#pragma once
// Protocol phases of Crossover's traces: the Enter/Leave pairs on the network lanes, with the
// attributes their Enter carries; each attribute may be missing. Times are seconds since the
// trace's global offset. A lane is a task of its rank's location (trace_contract.hpp), or in
// traces written before tasks were used, a location of its own.

#include <cstdint>
#include <limits>
#include <vector>

#include "xo/analyzer/model_ids.hpp"
#include "xo/analyzer/narrow_column.hpp"
#include "xo/analyzer/run_column.hpp"

namespace xo::analyzer {

struct PhaseTable {
  static constexpr std::uint64_t kNoBytes = std::numeric_limits<std::uint64_t>::max();

  ShortIdColumn region;  // row of RegionTable: its name is the phase's ("eager", "header", ...)
  // Row of LocationTable; its world rank is the rank whose network interface performs the phase
  // (TraceModel::phase_rank). Kept as runs: the reader appends each location's phases together.
  RunColumn<Index> location;
  // The lane within the location: its task's generation number (lane k of a rank is k + 1), 0 on
  // a location that is a lane. (location, lane) names a lane (TraceModel::lane_name).
  LaneColumn lane;
  std::vector<double> start;
  std::vector<double> end;
  ShortIdColumn protocol;    // attribute "protocol", or kNoString
  ByteCountColumn bytes;     // attribute "bytes", or kNoBytes
  std::vector<RankId> peer;  // attribute "peer", or kNoRank

  std::size_t size() const { return region.size(); }
};

}  // namespace xo::analyzer
