#pragma once
// Every region instance (Enter .. Leave) on the rank locations, in rank order and, per rank, in
// order of entry: the rows of rank r are first_of_rank[r] .. first_of_rank[r + 1]. Times are
// seconds since the trace's global offset. A call still open at the end of its location's events
// is closed at that location's last event (and counted in ReadProblems).

#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

struct CallTable {
  std::vector<RankId> rank;
  std::vector<Index> region;         // row of RegionTable
  std::vector<std::uint16_t> depth;  // 0 for an outermost call
  std::vector<double> enter;
  std::vector<double> leave;
  std::vector<std::uint8_t> is_mpi;  // the region's paradigm is MPI
  std::vector<Index> site;           // row of CallSiteTable; kNoIndex if the trace does not say
  std::vector<Index> first_of_rank;  // ranks + 1 entries

  std::size_t size() const { return rank.size(); }
};

}  // namespace xo::analyzer
