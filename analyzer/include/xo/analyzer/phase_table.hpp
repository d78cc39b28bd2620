#pragma once
// Protocol phases of Crossover's traces: the Enter/Leave pairs on the network lanes, with the
// attributes their Enter carries; each attribute may be missing. Times are seconds since the
// trace's global offset.

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
  // (TraceModel::phase_rank). Kept as runs: the reader appends each lane's phases together.
  RunColumn<Index> lane;
  std::vector<double> start;
  std::vector<double> end;
  ShortIdColumn protocol;    // attribute "protocol", or kNoString
  ByteCountColumn bytes;     // attribute "bytes", or kNoBytes
  std::vector<RankId> peer;  // attribute "peer", or kNoRank

  std::size_t size() const { return region.size(); }
};

}  // namespace xo::analyzer
