#include "model/timeline_layout.hpp"

#include <algorithm>

namespace xo::gui {

void TimelineLayout::build(const TimelineData& data) {
  tops_.assign(1, 0);
  gap_after_.clear();
  for (std::size_t i = 0; i < data.rows.size(); ++i) {
    const int height = data.rows[i].kind == RowKind::Calls ? kCallRowHeight : kPhaseRowHeight;
    const bool last_of_rank = i + 1 == data.rows.size() || data.rows[i + 1].kind == RowKind::Calls;
    const int gap = last_of_rank ? kRankGap : 1;
    gap_after_.push_back(gap);
    tops_.push_back(tops_.back() + height + gap);
  }
}

long TimelineLayout::row_at(int y) const {
  if (tops_.size() < 2 || y < 0 || y >= tops_.back()) return -1;
  const auto row = static_cast<std::size_t>(std::upper_bound(tops_.begin(), tops_.end(), y) - tops_.begin()) - 1;
  return y < tops_[row] + row_height(row) ? static_cast<long>(row) : -1;
}

std::pair<std::size_t, std::size_t> TimelineLayout::rows_between(int y0, int y1) const {
  if (tops_.size() < 2) return {0, 0};
  const auto first = static_cast<std::size_t>(std::upper_bound(tops_.begin(), tops_.end(), y0) - tops_.begin());
  const auto last = static_cast<std::size_t>(std::lower_bound(tops_.begin(), tops_.end(), y1) - tops_.begin());
  return {first == 0 ? 0 : first - 1, std::min(last, rows())};
}

}  // namespace xo::gui
