#pragma once
// Folds several timeline rows into one pixel row, column by column: a rank's network lanes into
// its protocol row, or the call rows of ranks that share a pixel row. Each column shows what most
// of its rows show there (a streaming majority vote, O(1) a row and column, no allocation after
// the first frame); a column all its voters agree on, met by one span only, stays that span (so it
// can be labelled and selected). Whether an empty column votes is the caller's choice: for ranks
// it does (most ranks computing reads as computing), for lanes it does not (one busy lane of three
// is a busy rank).

#include <cstdint>
#include <vector>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

class ColumnVote {
 public:
  void reset(int width, bool empty_votes);
  void add(const std::vector<PixelRecord>& row);     // one row's records, as aggregate_row made them
  void result(std::vector<PixelRecord>& out) const;  // replaces `out`
  // Column x: how many rows had something there (all rows when empty columns vote), and what most
  // of them had (a category, PixelRecord::kMixedCategory, or kNothing).
  std::uint32_t voters(int x) const { return voters_[static_cast<std::size_t>(x)]; }
  std::uint32_t candidate(int x) const { return candidate_[static_cast<std::size_t>(x)]; }
  int width() const { return static_cast<int>(candidate_.size()); }
  static constexpr std::uint32_t kNothing = 0xfffffffeu;

 private:
  static constexpr std::uint32_t kEmpty = kNothing;

  bool empty_votes_ = true;
  std::vector<std::uint32_t> candidate_;  // by column: a category, kMixedCategory or kEmpty
  std::vector<std::int32_t> votes_;       // the candidate's lead
  std::vector<std::uint32_t> voters_;
  std::vector<std::uint32_t> span_;   // the span the candidate came from, while it is one
  std::vector<std::uint8_t> single_;  // 1 while every vote was the same single span
};

}  // namespace xo::gui
