#pragma once
// Every region instance (Enter .. Leave) on the rank locations, in rank order and, per rank, in
// order of entry: the rows of rank r are first_of_rank[r] .. first_of_rank[r + 1] (a call's rank is
// found there, TraceModel::call_rank, rather than kept in a column of 4 bytes a call). Times are
// seconds since the trace's global offset. A call still open at the end of its location's events
// is closed at that location's last event (and counted in ReadProblems).

#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"
#include "xo/analyzer/narrow_column.hpp"
#include "xo/analyzer/sparse_column.hpp"

namespace xo::analyzer {

struct CallTable {
  ShortIdColumn region;               // row of RegionTable
  SparseColumn<std::uint16_t> depth;  // stored for nested calls only: read it by depth_of
  std::vector<double> enter;
  std::vector<double> leave;
  // Row of CallSiteTable, kNoIndex if the trace does not say; empty when it names no call site at
  // all (a column of kNoIndex would take 4 bytes a call): read it by site_of.
  std::vector<Index> site;
  std::vector<Index> first_of_rank;  // ranks + 1 entries

  std::size_t size() const { return enter.size(); }
  Index site_of(Index call) const { return site.empty() ? kNoIndex : site[call]; }
  std::uint16_t depth_of(Index call) const {
    return depth.get(call, [] { return std::uint16_t{0}; });  // 0 for an outermost call
  }
};

}  // namespace xo::analyzer
