#include "model/timeline_hit_test.hpp"

#include <algorithm>
#include <ranges>

namespace xo::gui {

std::uint32_t span_at(const TimelineData& data, std::size_t row, const PixelScale& scale, double x,
                      double slop_pixels) {
  if (row >= data.rows.size()) return TimelineData::kNoSpan;
  const RowView spans = data.row_view(row);
  const double t = scale.time_at(x);
  // Ends are sorted (spans are disjoint), so the first span ending after t is the only candidate
  // to contain it; otherwise the nearest is it or the one before.
  const std::size_t after = *std::ranges::partition_point(std::views::iota(std::size_t{0}, spans.size()),
                                                          [&](std::size_t i) { return spans.end(i) <= t; });
  const double slop = slop_pixels * scale.seconds_per_pixel;
  std::ptrdiff_t best = -1;
  double best_distance = slop;
  if (after < spans.size()) {
    const double distance = std::max(0.0, spans.start(after) - t);
    if (distance <= best_distance) best = static_cast<std::ptrdiff_t>(after), best_distance = distance;
  }
  if (after > 0 && best_distance > 0) {
    const double distance = t - spans.end(after - 1);
    if (distance < best_distance) best = static_cast<std::ptrdiff_t>(after - 1);
  }
  return best < 0 ? TimelineData::kNoSpan : spans.first + static_cast<std::uint32_t>(best);
}

std::uint32_t span_in_band(const TimelineData& data, const Band& band, const PixelScale& scale, double x) {
  if (band.count != 1) return TimelineData::kNoSpan;
  if (band.kind != BandKind::Protocols) return span_at(data, band.row, scale, x);
  const auto [first, end] = lane_rows(data, data.rows[band.row].rank);
  for (double slop : {0.0, 3.0}) {
    for (std::size_t row = first; row < end; ++row) {
      if (const std::uint32_t span = span_at(data, row, scale, x, slop); span != TimelineData::kNoSpan) return span;
    }
  }
  return TimelineData::kNoSpan;
}

}  // namespace xo::gui
