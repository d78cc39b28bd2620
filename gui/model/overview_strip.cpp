#include "model/overview_strip.hpp"

#include <algorithm>
#include <cmath>

namespace xo::gui {

namespace {

constexpr int kLeft = TimelineLayout::kLabelWidth;

}  // namespace

void OverviewStrip::begin(std::size_t shown_ranks) {
  shown_ = shown_ranks;
  step_ = std::max<std::size_t>(1, (shown_ranks + kMostOverviewRanks - 1) / kMostOverviewRanks);
  const std::size_t windows = (shown_ranks + step_ - 1) / step_;
  fed_.assign(windows, 0);
  counted_.assign(windows, {});
}

void OverviewStrip::feed(std::size_t position, std::span<const PixelRecord> call_row) {
  if (position >= shown_) return;
  const std::size_t window = position / step_;
  if (fed_[window]) return;
  counted_[window] = call_row;
  fed_[window] = 1;
}

void OverviewStrip::paint(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                          const ColumnBuckets& buckets, RowRecordCache& rows, ParallelJobs& jobs) {
  constexpr int kStripTop = TimelineLayout::kRulerHeight, kStrip = TimelineLayout::kOverviewHeight - 4;
  const int width = size.width() - kLeft;
  p.fillRect(QRect(0, kStripTop, size.width(), TimelineLayout::kOverviewHeight), QColor(244, 244, 240));
  const auto shown = layout.shown();
  if (shown.empty() || width <= 0) return;
  std::vector<std::size_t> missing;  // windows no band fed
  for (std::size_t w = 0; w < fed_.size(); ++w) {
    if (!fed_[w]) missing.push_back(w);
  }
  jobs.run(missing.size(), [&](std::size_t i, std::size_t worker) {
    const std::size_t row = d.call_row_of_rank[static_cast<std::size_t>(shown[missing[i] * step_])];
    counted_[missing[i]] = rows.records(row, d.row_view(row), &buckets, worker);
  });
  const auto ranks = static_cast<std::uint32_t>(counted_.size());
  count_.reset(width, d.categories.size());
  for (const auto& row : counted_) count_.add(row);
  count_.finish();
  const int bottom = kStripTop + 2 + kStrip;
  for (int x = 0; x < width;) {
    const std::uint32_t busy = count_.busy(x), category = count_.category(x);
    int end = x + 1;
    while (end < width && count_.busy(end) == busy && count_.category(end) == category) ++end;
    if (busy > 0) {
      const int height = std::max(1, static_cast<int>(std::lround(kStrip * static_cast<double>(busy) / ranks)));
      const QColor colour =
          category < d.categories.size() ? d.categories.colour(category) : CategoryTable::mixed_colour();
      p.fillRect(QRect(kLeft + x, bottom - height, end - x, height), colour);
    }
    x = end;
  }
  p.save();
  p.setPen(QColor(90, 90, 90));
  QFont small = p.font();
  small.setPointSizeF(small.pointSizeF() * 0.75);
  p.setFont(small);
  p.drawText(
      QRect(4, kStripTop, kLeft - 8, TimelineLayout::kOverviewHeight), Qt::AlignVCenter | Qt::AlignLeft,
      ranks == shown.size() ? QString("ranks in MPI") : QString("in MPI (%1 of %2)").arg(ranks).arg(shown.size()));
  p.drawLine(0, kStripTop + TimelineLayout::kOverviewHeight - 1, size.width(),
             kStripTop + TimelineLayout::kOverviewHeight - 1);
  p.restore();
}

}  // namespace xo::gui
