#pragma once
// Paints the timeline into any QPainter (a widget, or a QImage for screenshots and the benchmark):
// ruler, rank labels, rows through the per-pixel aggregation, collective instances, message lines
// and the selection. Every part is bounded by pixels: rows give at most one record per column,
// collectives at most one line per column, messages at most one line per sender and column (from a
// screen before the view, so lines coming in from the left are drawn), thinned further to about
// 8,000 lines a frame when the view is dense. Buffers are reused from
// frame to frame; nothing is allocated per event.

#include <QColor>
#include <QLineF>
#include <QPainter>
#include <QSize>
#include <vector>

#include "model/pixel_aggregation.hpp"
#include "model/timeline_data.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_viewport.hpp"

namespace xo::gui {

struct RenderOptions {
  std::uint32_t selected = TimelineData::kNoSpan;
  bool messages = true;
  bool collectives = true;
  int scroll_y = 0;  // content y at the top of the rows' area
};

class TimelineRenderer {
 public:
  void paint(QPainter& painter, QSize size, const TimelineData& data, const TimelineLayout& layout,
             const TimelineViewport& viewport, const RenderOptions& options);

  // Draw records and lines of the last frame, for the benchmark's report.
  std::size_t last_records() const { return last_records_; }
  std::size_t last_lines() const { return last_lines_; }

 private:
  void paint_rows(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                  const TimelineViewport& vp, int scroll_y);
  void paint_collectives(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                         const TimelineViewport& vp, int scroll_y);
  void paint_messages(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                      const TimelineViewport& vp, int scroll_y);
  void paint_labels(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout, int scroll_y);
  void paint_ruler(QPainter& p, QSize size, const TimelineViewport& vp);

  std::vector<PixelRecord> records_;
  std::vector<std::vector<QLineF>> lines_by_category_;
  std::size_t last_records_ = 0;
  std::size_t last_lines_ = 0;
};

}  // namespace xo::gui
