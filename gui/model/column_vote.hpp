#pragma once
// One pixel column's vote when several timeline rows fold into one pixel row (a rank's network
// lanes into its protocol row, or the call rows of ranks that share a pixel row; vote_rows casts
// them): the column shows what most of its rows show there (a streaming majority vote, O(1) a
// row); a column all its voters agree on, met by one span only, stays that span (so it can be
// labelled and selected). Whether an empty column votes is the caller's choice: for ranks it does
// (most ranks computing reads as computing), for lanes it does not (one busy lane of three is a
// busy rank).

#include <cstdint>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

// One column's vote over the rows folded into it (Boyer-Moore's streaming majority, in the rows'
// order): vote_rows keeps one per stretch of columns alike.
struct ColumnTally {
  static constexpr std::uint32_t kNothing = 0xfffffffeu;  // an idle row's vote

  std::uint32_t candidate = kNothing;  // a category, PixelRecord::kMixedCategory or kNothing
  std::uint32_t span = 0;              // the span the candidate came from, while it is one
  std::uint32_t voters = 0;
  std::int32_t votes = 0;  // the candidate's lead
  bool single = true;      // while every vote was the same single span

  void vote(std::uint32_t value, std::uint32_t from_span, bool is_single);
  void vote(const PixelRecord& r) {  // a row's record: a Mixed one votes for "several kinds"
    vote(r.kind == PixelKind::Mixed ? PixelRecord::kMixedCategory : r.category, r.span, r.kind == PixelKind::Single);
  }
  void vote_idle() { vote(kNothing, 0, false); }
  // The record the column shows over [x0, x1), or nothing (false) for an idle column.
  bool record(std::int32_t x0, std::int32_t x1, PixelRecord& out) const;
};

}  // namespace xo::gui
