#include "model/timeline_renderer.hpp"

#include <algorithm>
#include <cmath>

#include "model/time_ruler.hpp"

namespace xo::gui {

namespace {

constexpr int kLeft = TimelineLayout::kLabelWidth;
constexpr int kTop = TimelineLayout::kRulerHeight;
constexpr double kMostMessageLines = 8000;

// Screen y of a content y.
int screen_y(int content_y, int scroll_y) { return kTop + content_y - scroll_y; }

}  // namespace

void TimelineRenderer::paint(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                             const TimelineViewport& vp, const RenderOptions& options) {
  last_records_ = last_lines_ = 0;
  p.fillRect(QRect(QPoint(0, 0), size), QColor(252, 252, 250));
  p.save();
  p.setClipRect(QRect(kLeft, kTop, size.width() - kLeft, size.height() - kTop));
  paint_rows(p, size, d, layout, vp, options.scroll_y);
  if (options.collectives) paint_collectives(p, size, d, layout, vp, options.scroll_y);
  if (options.messages) paint_messages(p, size, d, layout, vp, options.scroll_y);
  if (options.selected < d.spans.size()) {
    const std::size_t row = d.row_of_span(options.selected);
    const Span& s = d.spans[options.selected];
    const double x0 = kLeft + vp.x_of(s.start), x1 = std::max(x0 + 3, kLeft + vp.x_of(s.end));
    const int top = screen_y(layout.row_top(row), options.scroll_y);
    p.setPen(QPen(Qt::black, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(std::max(x0, kLeft - 2.0), top - 1, std::min(x1, size.width() + 2.0) - std::max(x0, kLeft - 2.0),
                      layout.row_height(row) + 2));
  }
  p.restore();
  paint_labels(p, size, d, layout, options.scroll_y);
  paint_ruler(p, size, vp);
}

void TimelineRenderer::paint_rows(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                  const TimelineViewport& vp, int scroll_y) {
  const int width = size.width() - kLeft;
  const auto [first, last] = layout.rows_between(scroll_y, scroll_y + size.height() - kTop);
  const PixelScale scale = vp.scale();
  const QFontMetrics metrics(p.font());
  for (std::size_t row = first; row < last; ++row) {
    const TimelineRow& r = d.rows[row];
    aggregate_row({d.row_spans(row), d.same_category_until.data() + r.first, r.first}, scale, width, records_);
    last_records_ += records_.size();
    const int top = screen_y(layout.row_top(row), scroll_y), height = layout.row_height(row);
    for (const PixelRecord& rec : records_) {
      const QColor colour =
          rec.kind == PixelKind::Mixed ? CategoryTable::mixed_colour() : d.categories.colour(rec.category);
      const QRect box(kLeft + rec.x0, top, rec.x1 - rec.x0, height);
      p.fillRect(box, colour);
      // Names in calls wide enough to hold them, as Vampir writes them.
      if (r.kind == RowKind::Calls && rec.kind == PixelKind::Single && box.width() > 60) {
        p.setPen(Qt::black);
        p.drawText(box.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   metrics.elidedText(d.categories.name(rec.category), Qt::ElideRight, box.width() - 5));
      }
    }
  }
}

void TimelineRenderer::paint_collectives(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                         const TimelineViewport& vp, int scroll_y) {
  const auto& marks = d.collectives;
  auto first_ending_at = [&](std::vector<CollectiveMark>::const_iterator from, double t) {
    return std::partition_point(from, marks.end(), [t](const CollectiveMark& m) { return m.end < t; });
  };
  auto it = first_ending_at(marks.begin(), vp.start());
  while (it != marks.end() && it->end <= vp.end()) {
    const double x = std::floor(vp.x_of(it->end));
    const std::size_t low = d.call_row_of_rank[static_cast<std::size_t>(it->low_rank)];
    const std::size_t high = d.call_row_of_rank[static_cast<std::size_t>(it->high_rank)];
    const int y0 = screen_y(layout.row_top(low), scroll_y);
    const int y1 = screen_y(layout.row_top(high) + layout.row_height(high), scroll_y);
    if (y1 >= kTop && y0 <= size.height()) {
      // Opaque and on whole pixels: a blended or fractional box takes QPainter's slow path.
      p.fillRect(QRect(kLeft + static_cast<int>(x), y0, 1, y1 - y0), d.categories.colour(it->category).darker(170));
      ++last_lines_;
    }
    // One instance per pixel column: the next one ending in a later column.
    it = first_ending_at(it + 1, vp.time_at(x + 1));
  }
}

void TimelineRenderer::paint_messages(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                      const TimelineViewport& vp, int scroll_y) {
  const auto& msg = d.model->messages;
  lines_by_category_.resize(d.categories.size());
  for (auto& lines : lines_by_category_) lines.clear();
  const double from = vp.start() - vp.span();  // lines into the view from a screen to the left
  // Lines are dearer than boxes: a sender gets one line per `stride` columns, the stride chosen so
  // that a frame draws at most about kMostMessageLines of them (a dense view is a band of lines
  // either way; zooming in brings every message back).
  const double senders = static_cast<double>(d.first_message_of_sender.size());
  const double stride = std::max(1.0, std::ceil(senders * 2 * vp.width() / kMostMessageLines));
  const auto mid = [&](analyzer::RankId rank) {
    const std::size_t row = d.call_row_of_rank[static_cast<std::size_t>(rank)];
    return screen_y(layout.row_top(row), scroll_y) + layout.row_height(row) / 2.0;
  };
  for (std::size_t sender = 0; sender + 1 < d.first_message_of_sender.size(); ++sender) {
    const auto begin = d.messages_by_sender.begin() + d.first_message_of_sender[sender];
    const auto end = d.messages_by_sender.begin() + d.first_message_of_sender[sender + 1];
    auto sent_from = [&](decltype(begin) start, double t) {
      return std::partition_point(start, end, [&](analyzer::Index m) { return msg.send_time[m] < t; });
    };
    for (auto it = sent_from(begin, from); it != end && msg.send_time[*it] <= vp.end();) {
      const analyzer::Index m = *it;
      const double x0 = vp.x_of(msg.send_time[m]), x1 = vp.x_of(msg.receive_time[m]);
      if (x1 >= 0 && msg.receiver[m] >= 0 && static_cast<std::size_t>(msg.receiver[m]) < d.call_row_of_rank.size()) {
        const double y0 = mid(msg.sender[m]), y1 = mid(msg.receiver[m]);
        if (std::max(y0, y1) >= kTop && std::min(y0, y1) <= size.height()) {
          lines_by_category_[d.message_category[m]].emplace_back(kLeft + x0, y0, kLeft + x1, y1);
        }
      }
      it = sent_from(it + 1, vp.time_at(std::floor(x0) + stride));  // the next message sent in a later column
    }
  }
  for (std::size_t c = 0; c < lines_by_category_.size(); ++c) {
    if (lines_by_category_[c].empty()) continue;
    p.setPen(QPen(d.categories.colour(static_cast<std::uint32_t>(c)).darker(140), 1));
    p.drawLines(lines_by_category_[c].data(), static_cast<int>(lines_by_category_[c].size()));
    last_lines_ += lines_by_category_[c].size();
  }
}

void TimelineRenderer::paint_labels(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                    int scroll_y) {
  p.fillRect(QRect(0, kTop, kLeft, size.height() - kTop), QColor(236, 236, 232));
  p.save();
  p.setClipRect(QRect(0, kTop, kLeft, size.height() - kTop));
  const auto [first, last] = layout.rows_between(scroll_y, scroll_y + size.height() - kTop);
  QFont small = p.font();
  small.setPointSizeF(small.pointSizeF() * 0.75);
  int lane = 0;
  for (std::size_t row = first; row < last; ++row) {
    const TimelineRow& r = d.rows[row];
    const QRect box(6, screen_y(layout.row_top(row), scroll_y), kLeft - 10, layout.row_height(row));
    if (r.kind == RowKind::Calls) {
      lane = 0;
      p.setFont(QFont());
      p.setPen(Qt::black);
      p.drawText(box, Qt::AlignVCenter | Qt::AlignLeft, QString("rank %1").arg(r.rank));
    } else {
      lane = row > 0 && d.rows[row - 1].kind == RowKind::Phases ? lane + 1 : 0;
      p.setFont(small);
      p.setPen(QColor(90, 90, 90));
      p.drawText(box, Qt::AlignVCenter | Qt::AlignRight, QString("network %1").arg(lane + 1));
    }
  }
  p.restore();
}

void TimelineRenderer::paint_ruler(QPainter& p, QSize size, const TimelineViewport& vp) {
  p.fillRect(QRect(0, 0, size.width(), kTop), QColor(228, 228, 224));
  p.setPen(QColor(60, 60, 60));
  p.drawLine(0, kTop - 1, size.width(), kTop - 1);
  for (const RulerTick& tick : ruler_ticks(vp.start(), vp.end(), vp.width())) {
    const double x = kLeft + vp.x_of(tick.time);
    p.drawLine(QPointF(x, kTop - 8), QPointF(x, kTop - 1));
    p.drawText(QRectF(x + 3, 2, 120, kTop - 8), Qt::AlignLeft | Qt::AlignVCenter, tick.label);
  }
  p.drawText(QRect(4, 2, kLeft - 8, kTop - 6), Qt::AlignLeft | Qt::AlignVCenter, seconds_text(vp.span(), 3));
}

}  // namespace xo::gui
