#pragma once
// Where the timeline's parts go on screen: the ruler on top, rank labels on the left, then the
// rows, a call row per rank and a thinner row per network lane beneath it. Rows scroll vertically
// under a fixed ruler; time runs horizontally in the data area right of the labels.

#include <vector>

#include "model/timeline_data.hpp"

namespace xo::gui {

class TimelineLayout {
 public:
  static constexpr int kRulerHeight = 26;
  static constexpr int kLabelWidth = 92;
  static constexpr int kCallRowHeight = 18;
  static constexpr int kPhaseRowHeight = 9;
  static constexpr int kRankGap = 3;

  void build(const TimelineData& data);

  // Rows' tops, in content coordinates (0 = the first row's top, before scrolling).
  int row_top(std::size_t row) const { return tops_[row]; }
  int row_height(std::size_t row) const { return tops_[row + 1] - tops_[row] - gap_after_[row]; }
  int content_height() const { return tops_.empty() ? 0 : tops_.back(); }
  std::size_t rows() const { return tops_.empty() ? 0 : tops_.size() - 1; }
  // The row at content y, or -1 between rows or outside them.
  long row_at(int y) const;
  // Rows that meet content [y0, y1).
  std::pair<std::size_t, std::size_t> rows_between(int y0, int y1) const;

 private:
  std::vector<int> tops_;  // rows + 1 entries
  std::vector<int> gap_after_;
};

}  // namespace xo::gui
