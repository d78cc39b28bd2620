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
  // Row of CallSiteTable, kNoIndex if the trace does not say; empty when it names no call site at
  // all (a column of kNoIndex would take 4 bytes a call): read it by site_of.
  std::vector<Index> site;
  std::vector<Index> first_of_rank;  // ranks + 1 entries

  std::size_t size() const { return rank.size(); }
  Index site_of(Index call) const { return site.empty() ? kNoIndex : site[call]; }
};

}  // namespace xo::analyzer
