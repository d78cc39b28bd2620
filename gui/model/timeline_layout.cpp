#include "model/timeline_layout.hpp"

#include <algorithm>
#include <cmath>

namespace xo::gui {

std::pair<std::size_t, std::size_t> lane_rows(const TimelineData& data, RankId rank) {
  const std::size_t first = data.call_row_of_rank[static_cast<std::size_t>(rank)] + 1;
  std::size_t end = first;
  while (end < data.rows.size() && data.rows[end].kind == RowKind::Phases) ++end;
  return {first, end};
}

int expanded_rank_height(const TimelineData& data, RankId rank) {
  const auto [first, end] = lane_rows(data, rank);
  return TimelineLayout::kCallRowHeight + static_cast<int>(end - first) * (TimelineLayout::kPhaseRowHeight + 1) +
         TimelineLayout::kRankGap;
}

void TimelineLayout::build(const TimelineData& data, const RankSelection& ranks, int height) {
  bands_.clear();
  const auto shown = ranks.shown();
  shown_.assign(shown.begin(), shown.end());
  rank_band_.assign(data.call_row_of_rank.size(), -1);
  int fixed = 0;  // expanded ranks keep their full height
  std::size_t folded = 0;
  for (RankId rank : shown_) {
    if (ranks.expanded(rank)) {
      fixed += expanded_rank_height(data, rank);
    } else {
      ++folded;
    }
  }
  const double per_rank =
      folded == 0 ? 0 : std::min<double>(kTallestRank, std::max(0, height - fixed) / static_cast<double>(folded));
  double y = 0;
  for (std::uint32_t position = 0; position < shown_.size(); ++position) {
    const RankId rank = shown_[position];
    if (ranks.expanded(rank)) {
      const int top = static_cast<int>(std::ceil(y));
      add_expanded_rank(data, rank, position, top);
      y = top + expanded_rank_height(data, rank);
      continue;
    }
    if (per_rank >= 1) {
      const int top = static_cast<int>(std::floor(y + 0.5)), bottom = static_cast<int>(std::floor(y + per_rank + 0.5));
      add_rank(data, rank, position, top, bottom - top);
    } else {
      // Ranks outnumber pixels: a rank joins the pixel row its middle falls in.
      const int pixel = static_cast<int>(std::floor(y + per_rank / 2));
      if (!bands_.empty() && bands_.back().kind == BandKind::Calls && bands_.back().top == pixel &&
          !ranks.expanded(shown_[bands_.back().first])) {
        ++bands_.back().count;
        rank_band_[static_cast<std::size_t>(rank)] = static_cast<long>(bands_.size()) - 1;
      } else {
        add_rank(data, rank, position, pixel, 1);
      }
    }
    y += per_rank;
  }
  content_height_ = bands_.empty() ? 0 : std::max(static_cast<int>(std::ceil(y)), bands_.back().bottom());
}

void TimelineLayout::add_rank(const TimelineData& data, RankId rank, std::uint32_t position, int top, int height) {
  const auto [first_lane, end_lane] = lane_rows(data, rank);
  const int gap = height >= 20 ? kRankGap : height >= 4 ? 1 : 0;
  const int inner = height - gap;
  const int protocols = end_lane > first_lane && inner >= 3 ? std::max(1, inner / 3) : 0;
  const std::uint32_t call_row = data.call_row_of_rank[static_cast<std::size_t>(rank)];
  rank_band_[static_cast<std::size_t>(rank)] = static_cast<long>(bands_.size());
  bands_.push_back({top, inner - protocols, BandKind::Calls, position, 1, call_row});
  if (protocols > 0) bands_.push_back({top + inner - protocols, protocols, BandKind::Protocols, position, 1, call_row});
}

void TimelineLayout::add_expanded_rank(const TimelineData& data, RankId rank, std::uint32_t position, int top) {
  const std::uint32_t call_row = data.call_row_of_rank[static_cast<std::size_t>(rank)];
  rank_band_[static_cast<std::size_t>(rank)] = static_cast<long>(bands_.size());
  bands_.push_back({top, kCallRowHeight, BandKind::Calls, position, 1, call_row});
  int y = top + kCallRowHeight + 1;
  const auto [first_lane, end_lane] = lane_rows(data, rank);
  for (std::size_t row = first_lane; row < end_lane; ++row) {
    bands_.push_back({y, kPhaseRowHeight, BandKind::Lane, position, 1, static_cast<std::uint32_t>(row)});
    y += kPhaseRowHeight + 1;
  }
}

long TimelineLayout::band_at(int y) const {
  const auto it = std::upper_bound(bands_.begin(), bands_.end(), y, [](int v, const Band& b) { return v < b.top; });
  if (it == bands_.begin()) return -1;
  const auto band = it - 1;
  return y < band->bottom() ? static_cast<long>(band - bands_.begin()) : -1;
}

std::pair<std::size_t, std::size_t> TimelineLayout::bands_between(int y0, int y1) const {
  const auto first =
      std::partition_point(bands_.begin(), bands_.end(), [y0](const Band& b) { return b.bottom() <= y0; });
  const auto end = std::partition_point(first, bands_.end(), [y1](const Band& b) { return b.top < y1; });
  return {static_cast<std::size_t>(first - bands_.begin()), static_cast<std::size_t>(end - bands_.begin())};
}

long TimelineLayout::band_of_row(const TimelineData& data, std::size_t row) const {
  const RankId rank = data.rows[row].rank;
  const long calls = calls_band(rank);
  if (calls < 0 || data.rows[row].kind == RowKind::Calls || bands_[static_cast<std::size_t>(calls)].count > 1)
    return calls;
  const std::uint32_t position = bands_[static_cast<std::size_t>(calls)].first;
  for (auto b = static_cast<std::size_t>(calls) + 1; b < bands_.size() && bands_[b].first == position; ++b) {
    if (bands_[b].kind == BandKind::Protocols || bands_[b].row == row) return static_cast<long>(b);
  }
  return calls;
}

}  // namespace xo::gui
