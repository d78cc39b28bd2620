#pragma once
// Paints the timeline into any QPainter (a widget, or a QImage for screenshots and the benchmark):
// ruler, the overview strip (ranks in MPI over time), rank labels, the layout's bands through the per-pixel aggregation
// (folded rows through a column vote), collective instances, message lines and the selection. Every part is bounded by
// pixels: a band gives at most one record per column, collectives at most one line per column,
// messages at most one line per sender and column (from a screen before the view, so lines coming
// in from the left are drawn), thinned further to the options' most lines a frame when the view
// is dense. Buffers are reused from frame to frame; nothing is allocated per event.

#include <QColor>
#include <QImage>
#include <QLineF>
#include <QPainter>
#include <QSize>
#include <vector>

#include "model/band_painter.hpp"
#include "model/overview_strip.hpp"
#include "model/pixel_aggregation.hpp"
#include "model/row_record_cache.hpp"
#include "model/span_buckets.hpp"
#include "model/timeline_data.hpp"
#include "model/timeline_highlight.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_viewport.hpp"

namespace xo::gui {

// How many message lines a frame draws at most: a dense view is a band of lines either way, and
// zooming in brings every message back. A line counts once per 150 pixels it draws on screen, so
// that a frame of lines across the screen costs what one of short lines does.
enum class MessageDensity { None, Sparse, Normal, Dense };
double most_message_lines(MessageDensity density);         // 0, 2,000, 8,000, 50,000
const char* message_density_name(MessageDensity density);  // "none", "sparse", "normal", "dense"
// What a message line costs against the density's budget: one, or one per 150 pixels it draws
// inside `area` (the part outside is clipped before it is rasterised).
double message_line_cost(const QLineF& line, const QRectF& area);

struct RenderOptions {
  std::uint32_t selected = TimelineData::kNoSpan;
  MessageDensity messages = MessageDensity::Normal;
  bool collectives = true;
  int scroll_y = 0;                              // content y at the top of the rows' area
  const TimelineHighlight* highlight = nullptr;  // drawn over everything but the selection
};

class TimelineRenderer {
 public:
  void paint(QPainter& painter, QSize size, const TimelineData& data, const TimelineLayout& layout,
             const TimelineViewport& viewport, const RenderOptions& options);

  // Drops the rows kept from the frames before: call when the trace drawn is replaced.
  void forget_frames() { rows_.forget(); }

  // Draw records and lines of the last frame, for the benchmark's report.
  std::size_t last_records() const { return last_records_; }
  std::size_t last_lines() const { return last_lines_; }

 private:
  // The bands at the scale rows_ was begun for this frame.
  void paint_bands(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout, int scroll_y);
  void paint_collectives(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                         const TimelineViewport& vp, int scroll_y);
  void paint_epochs(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                    const TimelineViewport& vp, int scroll_y);
  void paint_messages(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                      const TimelineViewport& vp, const RenderOptions& options);
  // The highlight's messages in view (at most kMostHighlightLines, evenly chosen) and its calls
  // on single-rank bands (at most one a pixel column).
  void paint_highlight(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                       const TimelineViewport& vp, const RenderOptions& options);
  void paint_labels(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout, int scroll_y);
  void paint_ruler(QPainter& p, QSize size, const TimelineViewport& vp);

  ParallelJobs jobs_;
  BandPainter bands_;
  QImage band_image_;  // the bands' boxes, on a raster device
  OverviewStrip overview_;
  ColumnBuckets column_buckets_;  // this frame's, for the rows' summaries
  RowRecordCache rows_;           // rows aggregated, kept for the next frame's pan
  struct CategoryLine {
    std::uint32_t category = 0;
    QLineF line;
  };
  struct MessageChunk {  // a frame's message lines from a chunk of senders
    std::vector<CategoryLine> lines;
    double cost = 0;  // against the density's budget
  };
  std::vector<MessageChunk> message_chunks_;
  std::vector<std::vector<QLineF>> lines_by_category_;
  std::vector<QLineF> highlight_lines_;
  std::size_t last_records_ = 0;
  std::size_t last_lines_ = 0;
};

}  // namespace xo::gui
