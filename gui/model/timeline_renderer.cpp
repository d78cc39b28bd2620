#include "model/timeline_renderer.hpp"

#include <QPaintEngine>
#include <algorithm>
#include <cmath>

#include "model/display_text.hpp"
#include "model/time_ruler.hpp"
#include "xo/analyzer/gallop.hpp"

namespace xo::gui {

namespace {

constexpr int kLeft = TimelineLayout::kLabelWidth;
constexpr int kTop = TimelineLayout::kRowsTop;  // the rows start under the ruler and overview
constexpr std::size_t kMostHighlightLines = 20000;
constexpr double kLinePixels = 150;    // a message line drawing more counts as more than one
const QColor kHighlight(230, 0, 150);  // no call, phase or protocol colour comes near it

// Screen y of a content y.
int screen_y(int content_y, int scroll_y) { return kTop + content_y - scroll_y; }

// Screen y of the middle of a rank's calls band, where its message lines start and end; -1 for a
// rank not shown (or no rank of the trace: a message to an unknown peer).
double rank_middle(const TimelineLayout& layout, analyzer::RankId rank, int scroll_y) {
  const long band = rank >= 0 && static_cast<std::size_t>(rank) < layout.world_ranks() ? layout.calls_band(rank) : -1;
  if (band < 0) return -1.0;
  const Band& b = layout.bands()[static_cast<std::size_t>(band)];
  return screen_y(b.top, scroll_y) + b.height / 2.0;
}

// What a box says when it is wide enough: the call, or the phase's kind and protocol.
QString box_text(const TimelineData& d, const Band& band, const PixelRecord& rec) {
  const QString& name = d.categories.name(rec.category);
  if (band.kind == BandKind::Calls) return name;
  const analyzer::StringId protocol = d.model->phases.protocol[d.span(rec.span).source];
  return protocol == analyzer::kNoString ? name : name + " · " + text_of(d.model->strings.at(protocol));
}

}  // namespace

double most_message_lines(MessageDensity density) {
  switch (density) {
    case MessageDensity::None: return 0;
    case MessageDensity::Sparse: return 2000;
    case MessageDensity::Normal: return 8000;
    case MessageDensity::Dense: return 50000;
  }
  return 8000;
}

double message_line_cost(const QLineF& line, const QRectF& area) {
  // Liang-Barsky: the parameters [t0, t1] of the line inside the area.
  double t0 = 0, t1 = 1;
  const double dx = line.dx(), dy = line.dy();
  const double p[] = {-dx, dx, -dy, dy};
  const double q[] = {line.x1() - area.left(), area.right() - line.x1(), line.y1() - area.top(),
                      area.bottom() - line.y1()};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return 1;  // parallel to this edge and outside it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
  }
  const double pixels = t1 > t0 ? (t1 - t0) * std::max(std::abs(dx), std::abs(dy)) : 0;
  return std::max(1.0, pixels / kLinePixels);
}

const char* message_density_name(MessageDensity density) {
  switch (density) {
    case MessageDensity::None: return "none";
    case MessageDensity::Sparse: return "sparse";
    case MessageDensity::Normal: return "normal";
    case MessageDensity::Dense: return "dense";
  }
  return "normal";
}

void TimelineRenderer::paint(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                             const TimelineViewport& vp, const RenderOptions& options) {
  last_records_ = last_lines_ = 0;
  p.fillRect(QRect(QPoint(0, 0), size), QColor(252, 252, 250));
  p.save();
  p.setClipRect(QRect(kLeft, kTop, size.width() - kLeft, size.height() - kTop));
  // The overview counts the call rows the bands aggregate anyway (fed as they go), and the rest.
  overview_.begin(layout.shown().size());
  // None to map when no row is summarised (a trace of many short ranks).
  column_buckets_.build(vp.scale(), d.bucket_grid, d.bucket_codes.empty() ? 0 : SpanBuckets::kCount,
                        size.width() - kLeft);
  rows_.begin_frame(&d, d.rows.size(), vp.scale(), size.width() - kLeft, jobs_.workers());
  paint_bands(p, size, d, layout, options.scroll_y);
  if (options.collectives) paint_collectives(p, size, d, layout, vp, options.scroll_y);
  if (!d.epochs.empty()) paint_epochs(p, size, d, layout, vp, options.scroll_y);
  if (options.messages != MessageDensity::None) paint_messages(p, size, d, layout, vp, options);
  if (options.highlight) paint_highlight(p, size, d, layout, vp, options);
  if (options.selected < d.span_count()) {
    const long band = layout.band_of_row(d, d.row_of_span(options.selected));
    if (band >= 0) {
      const Band& b = layout.bands()[static_cast<std::size_t>(band)];
      const Span s = d.span(options.selected);
      const double x0 = kLeft + vp.x_of(s.start), x1 = std::max(x0 + 3, kLeft + vp.x_of(s.end));
      const int top = screen_y(b.top, options.scroll_y);
      p.setPen(QPen(Qt::black, 2));
      p.setBrush(Qt::NoBrush);
      p.drawRect(QRectF(std::max(x0, kLeft - 2.0), top - 1,
                        std::min(x1, size.width() + 2.0) - std::max(x0, kLeft - 2.0), b.height + 2));
    }
  }
  p.restore();
  paint_labels(p, size, d, layout, options.scroll_y);
  overview_.paint(p, size, d, layout, column_buckets_, rows_, jobs_);
  paint_ruler(p, size, vp);
}

void TimelineRenderer::paint_bands(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                   int scroll_y) {
  const int width = size.width() - kLeft, rows_height = size.height() - kTop;
  if (width <= 0 || rows_height <= 0) return;
  const auto [first, last] = layout.bands_between(scroll_y, scroll_y + rows_height);
  const QFont normal = p.font();
  QFont small = normal;
  small.setPointSizeF(normal.pointSizeF() * 0.75);
  const QFontMetrics normal_metrics(normal), small_metrics(small);
  const BandFrame frame{&d,
                        &layout,
                        first,
                        last,
                        width,
                        scroll_y,
                        normal_metrics.height() - 2,
                        small_metrics.height() - 2,
                        &column_buckets_,
                        &rows_};
  // On a raster device the boxes are written into an image's scanlines and drawn in one go: with
  // a thousand ranks a frame has a quarter million boxes, too many for one fillRect each. Other
  // devices (SVG export) get one rectangle per box, so that they stay vectors.
  if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
    if (band_image_.size() != QSize(width, rows_height)) band_image_ = QImage(width, rows_height, QImage::Format_RGB32);
    band_image_.fill(QColor(252, 252, 250));
    bands_.draw(frame, jobs_, &band_image_);
    p.drawImage(kLeft, kTop, band_image_);
  } else {
    bands_.draw(frame, jobs_, nullptr, &p, QPoint(kLeft, kTop));
  }
  last_records_ += bands_.records();
  bands_.for_each_call_row(
      [this](std::size_t position, std::span<const PixelRecord> row) { overview_.feed(position, row); });
  // Names in boxes wide enough to hold them, as Vampir writes them (after the boxes).
  for (const BoxToName& named : bands_.boxes_to_name()) {
    const Band& band = layout.bands()[named.band];
    const PixelRecord& rec = named.record;
    const bool phases = band.kind != BandKind::Calls;
    const QRect box(kLeft + rec.x0, screen_y(band.top, scroll_y), rec.x1 - rec.x0, band.height);
    const QColor colour = d.categories.colour(rec.category);
    p.setFont(phases ? small : normal);
    p.setPen(colour.lightnessF() < 0.45 ? QColor(Qt::white) : QColor(Qt::black));
    p.drawText(
        box.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
        (phases ? small_metrics : normal_metrics).elidedText(box_text(d, band, rec), Qt::ElideRight, box.width() - 5));
  }
  // A rank a trace filter left out has no events: its row says so rather than look idle.
  p.setFont(small);
  p.setPen(QColor(120, 120, 120));
  for (std::size_t b = first; b < last; ++b) {
    const Band& band = layout.bands()[b];
    if (band.kind != BandKind::Calls || band.count != 1 || band.height < small_metrics.height()) continue;
    if (!d.model->rank_left_out(layout.rank_at(band.first))) continue;
    p.drawText(QRect(kLeft + 6, screen_y(band.top, scroll_y), width - 12, band.height),
               Qt::AlignVCenter | Qt::AlignLeft, "not traced: xo record --trace-ranks left this rank out");
  }
  p.setFont(normal);
}

void TimelineRenderer::paint_collectives(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                         const TimelineViewport& vp, int scroll_y) {
  const auto& marks = d.collectives;
  const auto shown = layout.shown();
  auto first_ending_at = [&](std::vector<CollectiveMark>::const_iterator from, double t) {
    return std::partition_point(from, marks.end(), [t](const CollectiveMark& m) { return m.end < t; });
  };
  auto it = first_ending_at(marks.begin(), vp.start());
  while (it != marks.end() && it->end <= vp.end()) {
    const double x = std::floor(vp.x_of(it->end));
    // From the first shown member's row to the last's (shown ranks ascend).
    const auto low = std::lower_bound(shown.begin(), shown.end(), it->low_rank);
    const auto high = std::upper_bound(shown.begin(), shown.end(), it->high_rank);
    if (low < high) {
      const Band& top = layout.bands()[static_cast<std::size_t>(layout.calls_band(*low))];
      const Band& bottom = layout.bands()[static_cast<std::size_t>(layout.calls_band(*(high - 1)))];
      const int y0 = screen_y(top.top, scroll_y), y1 = screen_y(bottom.bottom(), scroll_y);
      if (y1 >= kTop && y0 <= size.height()) {
        // Opaque and on whole pixels: a blended or fractional box takes QPainter's slow path.
        p.fillRect(QRect(kLeft + static_cast<int>(x), y0, 1, std::max(1, y1 - y0)),
                   d.categories.colour(it->category).darker(170));
        ++last_lines_;
      }
    }
    // One instance per pixel column: the next one ending in a later column.
    it = first_ending_at(it + 1, vp.time_at(x + 1));
  }
}

// A bar along the bottom of each shown rank's calls row for each epoch, in its kind's colour; an
// epoch shorter than a pixel still gets one, and a pixel column already drawn in a kind is not drawn
// again (so a frame costs at most a bar per column and kind, however many epochs there are).
void TimelineRenderer::paint_epochs(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                    const TimelineViewport& vp, int scroll_y) {
  const auto [first, last] = layout.bands_between(scroll_y, scroll_y + size.height() - kTop);
  for (const analyzer::RankId rank : layout.shown()) {
    const long at = layout.calls_band(rank);
    if (at < 0 || static_cast<std::size_t>(at) < first || static_cast<std::size_t>(at) >= last) continue;
    const Band& band = layout.bands()[static_cast<std::size_t>(at)];
    const int thickness = std::clamp(band.height / 5, 1, 3);
    const int y = screen_y(band.bottom(), scroll_y) - thickness;
    int drawn_to[kEpochKinds];
    std::fill(std::begin(drawn_to), std::end(drawn_to), -1);
    auto [it, end] = d.epochs.of_rank(rank, vp.start());
    for (; it != end && it->begin <= vp.end(); ++it) {
      if (it->end < vp.start()) continue;
      const int x0 = std::max(0, static_cast<int>(std::floor(vp.x_of(it->begin))));
      const int x1 = std::min(size.width() - kLeft, std::max(x0 + 1, static_cast<int>(std::ceil(vp.x_of(it->end)))));
      int& drawn = drawn_to[static_cast<int>(it->kind)];
      if (x1 <= drawn) continue;
      const int from = std::max(x0, drawn);
      p.fillRect(QRect(kLeft + from, y, x1 - from, thickness), epoch_colour(it->kind));
      drawn = x1;
    }
  }
}

void TimelineRenderer::paint_messages(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                      const TimelineViewport& vp, const RenderOptions& options) {
  const auto& msg = d.model->messages;
  lines_by_category_.resize(d.categories.size());
  for (auto& lines : lines_by_category_) lines.clear();
  const double from = vp.start() - vp.span();  // lines into the view from a screen to the left
  // Lines are dearer than boxes: a sender gets one line per `stride` columns, the stride chosen so
  // that a frame draws at most about the density's lines; with more senders than that, every
  // sender_step-th sender is drawn (one line each, a line every two columns at most).
  const auto shown = layout.shown();
  const double most = most_message_lines(options.messages);
  const std::size_t sender_step = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(shown.size() / most)));
  const double senders = std::ceil(static_cast<double>(shown.size()) / static_cast<double>(sender_step));
  const double stride = std::max(1.0, std::ceil(senders * 2 * vp.width() / most));
  const auto mid = [&](analyzer::RankId rank) { return rank_middle(layout, rank, options.scroll_y); };
  const QRectF rows_area(kLeft, kTop, size.width() - kLeft, size.height() - kTop);
  // Senders on every core, in chunks whose lines are then appended in sender order: each line's
  // search of a sender's send times misses the cache, and a thousand senders' are most of a frame.
  const std::size_t drawn_senders = (shown.size() + sender_step - 1) / sender_step;
  message_chunks_.resize(std::min(drawn_senders, jobs_.workers() * 4));
  jobs_.run(message_chunks_.size(), [&](std::size_t c, std::size_t) {
    MessageChunk& chunk = message_chunks_[c];
    std::vector<CategoryLine>& out = chunk.lines;
    out.clear();
    chunk.cost = 0;
    const std::size_t chunks = message_chunks_.size();
    for (std::size_t j = drawn_senders * c / chunks; j < drawn_senders * (c + 1) / chunks; ++j) {
      const analyzer::RankId sender = shown[j * sender_step];
      const double y0 = mid(sender);
      const std::size_t begin = d.first_message_of_sender[static_cast<std::size_t>(sender)];
      const std::size_t end = d.first_message_of_sender[static_cast<std::size_t>(sender) + 1];
      // The first of [low, end) sent at t or later, galloping from low: the next line's message is
      // a few dozen on, in cache lines near this one's, where a search of them all would miss.
      auto sent_from = [&](std::size_t low, double t) {
        return analyzer::gallop(low, end, [&](std::size_t at) { return msg.send_time[d.message_by_sender(at)] < t; });
      };
      for (std::size_t at = sent_from(begin, from); at != end && msg.send_time[d.message_by_sender(at)] <= vp.end();) {
        const analyzer::Index m = d.message_by_sender(at);
        const double x0 = vp.x_of(msg.send_time[m]), x1 = vp.x_of(d.model->receive_time(m));
        const double y1 = x1 >= 0 ? mid(msg.receiver[m]) : -1;  // -1: a receiver not shown, or not a rank
        if (y1 >= 0 && std::max(y0, y1) >= kTop && std::min(y0, y1) <= size.height()) {
          const QLineF line(kLeft + x0, y0, kLeft + x1, y1);
          out.push_back({d.message_category(m), line});
          chunk.cost += message_line_cost(line, rows_area);
        }
        at = sent_from(at + 1, vp.time_at(std::floor(x0) + stride));  // the next message sent in a later column
      }
    }
  });
  // The budget counts a line once per kLinePixels it draws (partners thousands of ranks apart draw
  // lines across the screen, each the cost of hundreds of short ones to rasterise): every
  // keep_every-th line, in sender order, is drawn.
  double cost = 0;
  for (const MessageChunk& chunk : message_chunks_) cost += chunk.cost;
  const auto keep_every = static_cast<std::size_t>(std::max(1.0, std::ceil(cost / most)));
  std::size_t k = 0;
  for (const MessageChunk& chunk : message_chunks_) {
    for (const CategoryLine& line : chunk.lines) {
      if (k++ % keep_every == 0) lines_by_category_[line.category].push_back(line.line);
    }
  }
  for (std::size_t c = 0; c < lines_by_category_.size(); ++c) {
    if (lines_by_category_[c].empty()) continue;
    // Darker than the protocol's colour, to stand out from the boxes they cross.
    p.setPen(QPen(d.categories.colour(static_cast<std::uint32_t>(c)).darker(220), 1));
    p.drawLines(lines_by_category_[c].data(), static_cast<int>(lines_by_category_[c].size()));
    last_lines_ += lines_by_category_[c].size();
  }
}

void TimelineRenderer::paint_highlight(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                       const TimelineViewport& vp, const RenderOptions& options) {
  const TimelineHighlight& h = *options.highlight;
  const auto& msg = d.model->messages;
  // Messages: those sent from a screen before the view to its end.
  const auto first = std::partition_point(h.messages.begin(), h.messages.end(),
                                          [&](analyzer::Index m) { return msg.send_time[m] < vp.start() - vp.span(); });
  const auto last =
      std::partition_point(first, h.messages.end(), [&](analyzer::Index m) { return msg.send_time[m] <= vp.end(); });
  const auto in_view = static_cast<std::size_t>(last - first);
  const std::size_t step = std::max<std::size_t>(1, (in_view + kMostHighlightLines - 1) / kMostHighlightLines);
  const auto mid = [&](analyzer::RankId rank) { return rank_middle(layout, rank, options.scroll_y); };
  highlight_lines_.clear();
  for (std::size_t k = 0; k < in_view; k += step) {
    const analyzer::Index m = first[static_cast<std::ptrdiff_t>(k)];
    const double y0 = mid(msg.sender[m]), y1 = mid(msg.receiver[m]);
    if (y0 < 0 || y1 < 0) continue;
    highlight_lines_.emplace_back(kLeft + vp.x_of(msg.send_time[m]), y0, kLeft + vp.x_of(d.model->receive_time(m)), y1);
  }
  p.setPen(QPen(kHighlight, 2));
  p.drawLines(highlight_lines_.data(), static_cast<int>(highlight_lines_.size()));
  last_lines_ += highlight_lines_.size();
  // Calls: outlined on the bands of one rank in view.
  if (h.spans.empty()) return;
  p.setBrush(Qt::NoBrush);
  const auto [band_first, band_last] = layout.bands_between(options.scroll_y, options.scroll_y + size.height() - kTop);
  for (std::size_t b = band_first; b < band_last; ++b) {
    const Band& band = layout.bands()[b];
    if (band.kind != BandKind::Calls || band.count != 1) continue;
    const RowView row = d.row_view(band.row);
    auto it = std::lower_bound(h.spans.begin(), h.spans.end(), row.first);
    const auto end = std::lower_bound(it, h.spans.end(), row.first + row.size());
    it = std::partition_point(it, end, [&](std::uint32_t s) { return row.end(s - row.first) < vp.start(); });
    double next_x = -1e300;  // one outline a pixel column
    for (; it != end && row.start(*it - row.first) <= vp.end(); ++it) {
      const double x0 = std::floor(vp.x_of(row.start(*it - row.first)));
      if (x0 < next_x) continue;
      const double x1 = std::max(x0 + 2, vp.x_of(row.end(*it - row.first)));
      p.drawRect(QRectF(kLeft + x0, screen_y(band.top, options.scroll_y), x1 - x0, band.height));
      next_x = x0 + 1;
    }
  }
}

void TimelineRenderer::paint_labels(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout,
                                    int scroll_y) {
  p.fillRect(QRect(0, kTop, kLeft, size.height() - kTop), QColor(236, 236, 232));
  p.save();
  p.setClipRect(QRect(0, kTop, kLeft, size.height() - kTop));
  const auto [first, last] = layout.bands_between(scroll_y, scroll_y + size.height() - kTop);
  const QFont normal = p.font();
  QFont small = normal;
  small.setPointSizeF(normal.pointSizeF() * 0.75);
  const int small_height = QFontMetrics(small).height(), normal_height = QFontMetrics(normal).height();
  int free_from = -1 << 30;  // screen y below the last label drawn: thin bands are labelled where room is
  for (std::size_t b = first; b < last; ++b) {
    const Band& band = layout.bands()[b];
    const int top = screen_y(band.top, scroll_y);
    if (band.kind == BandKind::Calls) {
      // Where ranks outnumber pixel rows most bands have no room for a label: skipped before any
      // text is made.
      const bool roomy = band.height >= normal_height;
      const int label_height = roomy ? band.height : small_height;
      const int y = roomy ? top : top + band.height / 2 - label_height / 2;
      if (!roomy && y < free_from) continue;
      const RankId rank = layout.rank_at(band.first);
      QString text;
      if (band.count > 1) {
        text = QString("ranks %1-%2").arg(rank).arg(layout.rank_at(band.first + band.count - 1));
      } else {
        const auto [lanes_begin, lanes_end] = lane_rows(d, rank);
        const bool expanded = b + 1 < layout.bands().size() && layout.bands()[b + 1].kind == BandKind::Lane &&
                              layout.bands()[b + 1].first == band.first;
        const QString arrow = lanes_end == lanes_begin ? "  "
                              : expanded               ? QString::fromUtf8("\u25be ")
                                                       : QString::fromUtf8("\u25b8 ");
        text = arrow + QString("rank %1").arg(rank);
      }
      p.setFont(roomy ? normal : small);
      p.setPen(band.count == 1 && d.model->rank_left_out(rank) ? QColor(140, 140, 140) : QColor(Qt::black));
      p.drawText(QRect(4, y, kLeft - 8, label_height), Qt::AlignVCenter | Qt::AlignLeft, text);
      free_from = y + label_height;
    } else if (band.height >= small_height - 3 && top + band.height / 2 - small_height / 2 >= free_from - 2) {
      const std::size_t lanes_begin = lane_rows(d, d.rows[band.row].rank).first;
      const QString text = band.kind == BandKind::Protocols ? QString("protocols")
                                                            : QString("network %1").arg(band.row - lanes_begin + 1);
      p.setFont(small);
      p.setPen(QColor(90, 90, 90));
      p.drawText(QRect(6, top + band.height / 2 - small_height / 2, kLeft - 10, small_height),
                 Qt::AlignVCenter | Qt::AlignRight, text);
    }
  }
  p.restore();
}

void TimelineRenderer::paint_ruler(QPainter& p, QSize size, const TimelineViewport& vp) {
  constexpr int kRuler = TimelineLayout::kRulerHeight;
  p.fillRect(QRect(0, 0, size.width(), kRuler), QColor(228, 228, 224));
  p.setPen(QColor(60, 60, 60));
  p.drawLine(0, kRuler - 1, size.width(), kRuler - 1);
  for (const RulerTick& tick : ruler_ticks(vp.start(), vp.end(), vp.width())) {
    const double x = kLeft + vp.x_of(tick.time);
    p.drawLine(QPointF(x, kRuler - 8), QPointF(x, kRuler - 1));
    p.drawText(QRectF(x + 3, 2, 120, kRuler - 8), Qt::AlignLeft | Qt::AlignVCenter, tick.label);
  }
  p.drawText(QRect(4, 2, kLeft - 8, kRuler - 6), Qt::AlignLeft | Qt::AlignVCenter, seconds_text(vp.span(), 3));
}

}  // namespace xo::gui
