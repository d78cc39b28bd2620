#include "widgets/timeline_view.hpp"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "model/span_details.hpp"
#include "model/timeline_hit_test.hpp"

namespace xo::gui {

namespace {

constexpr double kZoomPerNotch = 1.25;
constexpr int kClickSlop = 3;  // pixels a press may move and still be a click
constexpr int kLeft = TimelineLayout::kLabelWidth;
constexpr int kTop = TimelineLayout::kRowsTop;  // the rows start under the ruler and overview

}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent), rows_bar_(new QScrollBar(Qt::Vertical, this)) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setMinimumSize(300, 150);
  setAttribute(Qt::WA_OpaquePaintEvent);
  connect(&viewport_, &TimelineViewport::changed, this, qOverload<>(&QWidget::update));
  connect(rows_bar_, &QScrollBar::valueChanged, this, [this](int value) {
    options_.scroll_y = value;
    update();
  });
}

void TimelineView::set_trace(std::shared_ptr<const LoadedTrace> trace) {
  trace_ = std::move(trace);
  renderer_.forget_frames();
  options_.selected = TimelineData::kNoSpan;
  set_highlight(nullptr);
  ranks_.reset(trace_ ? trace_->model().ranks() : 0);
  filter_description_ = trace_ ? QString("all %1 ranks").arg(trace_->model().ranks()) : QString();
  if (trace_) {
    viewport_.set_width(data_width());
    viewport_.set_limits(trace_->timeline.start_time, trace_->timeline.end_time);
  }
  relayout();
  rows_bar_->setValue(0);
}

int TimelineView::data_width() const { return std::max(1, width() - rows_bar_->sizeHint().width() - kLeft); }

int TimelineView::rows_height() const { return std::max(1, height() - kTop); }

int TimelineView::scroll_y() const { return options_.scroll_y; }

void TimelineView::relayout() {
  if (trace_) {
    layout_.build(trace_->timeline, ranks_, rows_height());
  } else {
    layout_ = TimelineLayout();
  }
  update_scroll_range();
  if (trace_) {
    const auto shown = ranks_.shown();
    const QString which = shown.empty() ? QString("no ranks")
                          : ranks_.zoomed()
                              ? QString("ranks %1-%2 of ").arg(shown.front()).arg(shown.back()) + filter_description_
                              : filter_description_;
    emit ranks_changed(which);
  }
  update();
}

void TimelineView::update_scroll_range() {
  const int visible = rows_height();
  rows_bar_->setRange(0, std::max(0, layout_.content_height() - visible));
  rows_bar_->setPageStep(std::max(1, visible));
  rows_bar_->setSingleStep(TimelineLayout::kCallRowHeight);
}

void TimelineView::resizeEvent(QResizeEvent*) {
  const int bar = rows_bar_->sizeHint().width();
  rows_bar_->setGeometry(width() - bar, kTop, bar, height() - kTop);
  viewport_.set_width(data_width());
  relayout();
}

QString TimelineView::set_rank_filter(const QString& text) {
  if (!trace_) return "open a trace first";
  RankFilterResult r = parse_rank_filter(text, trace_->model());
  if (!r.error.isEmpty()) return r.error;
  ranks_.set_filter(std::move(r.ranks));
  filter_description_ = r.description;
  rows_bar_->setValue(0);
  relayout();
  return {};
}

void TimelineView::fit_all() {
  viewport_.fit_all();
  ranks_.show_all();
  relayout();
}

void TimelineView::set_all_expanded(bool expanded) {
  ranks_.expand_all(expanded);
  relayout();
}

void TimelineView::toggle_expanded(RankId rank) {
  ranks_.toggle_expanded(rank);
  relayout();
}

void TimelineView::zoom_ranks(std::size_t first, std::size_t end) {
  ranks_.zoom(first, end);
  rows_bar_->setValue(0);
  relayout();
}

void TimelineView::set_highlight(std::shared_ptr<const TimelineHighlight> highlight) {
  highlight_ = std::move(highlight);
  options_.highlight = highlight_.get();
  update();
}

void TimelineView::set_empty_text(const QString& text) {
  empty_text_ = text;
  update();
}

void TimelineView::set_message_density(MessageDensity density) {
  options_.messages = density;
  update();
}

void TimelineView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const QSize size(width() - rows_bar_->sizeHint().width(), height());
  if (!trace_) {
    painter.fillRect(rect(), palette().window());
    painter.drawText(
        rect().adjusted(12, 0, -12, 0), Qt::AlignCenter | Qt::TextWordWrap,
        empty_text_.isEmpty() ? "Open a trace (File > Open, or drop a trace directory here)" : empty_text_);
    return;
  }
  renderer_.paint(painter, size, trace_->timeline, layout_, viewport_, options_);
  painter.fillRect(QRect(size.width(), 0, width() - size.width(), kTop), QColor(228, 228, 224));  // above the bar
  if (drag_ == Drag::Band) {
    const int x0 = std::max(kLeft, std::min(press_.x(), last_.x()));
    const int x1 = std::max(press_.x(), last_.x());
    painter.fillRect(QRect(x0, kTop, x1 - x0, height()), QColor(40, 110, 220, 60));
    painter.setPen(QColor(40, 110, 220));
    painter.drawRect(QRect(x0, kTop, x1 - x0, height() - kTop - 1));
  } else if (drag_ == Drag::Ranks && moved_) {
    const int y0 = std::max(kTop, std::min(press_.y(), last_.y())), y1 = std::max(press_.y(), last_.y());
    painter.fillRect(QRect(0, y0, size.width(), y1 - y0), QColor(40, 110, 220, 60));
  }
}

long TimelineView::position_at(int y) const {
  if (!trace_ || y < kTop) return -1;
  const long band = layout_.band_at(y - kTop + options_.scroll_y);
  return band < 0 ? -1 : static_cast<long>(layout_.bands()[static_cast<std::size_t>(band)].first);
}

std::uint32_t TimelineView::span_at_position(QPoint position) const {
  if (!trace_ || position.x() < kLeft || position.y() < kTop) return TimelineData::kNoSpan;
  const long band = layout_.band_at(position.y() - kTop + options_.scroll_y);
  if (band < 0) return TimelineData::kNoSpan;
  return span_in_band(trace_->timeline, layout_.bands()[static_cast<std::size_t>(band)], viewport_.scale(),
                      position.x() - kLeft + 0.5);
}

void TimelineView::select_span(std::uint32_t span, bool bring_into_view) {
  if (!trace_) return;
  options_.selected = span < trace_->timeline.span_count() ? span : TimelineData::kNoSpan;
  if (bring_into_view && options_.selected != TimelineData::kNoSpan) {
    const Span s = trace_->timeline.span(span);
    // Keep the zoom if the span shows at it, else zoom so that it takes a tenth of the view.
    if (s.end - s.start > viewport_.span() ||
        viewport_.span() > 200 * std::max(s.end - s.start, viewport_.min_span() / 10)) {
      const double span_seconds = std::max(10 * (s.end - s.start), viewport_.min_span());
      viewport_.show_range((s.start + s.end) / 2 - span_seconds / 2, (s.start + s.end) / 2 + span_seconds / 2);
    } else if (s.start < viewport_.start() || s.end > viewport_.end()) {
      viewport_.pan_pixels(viewport_.x_of((s.start + s.end) / 2) - viewport_.width() / 2.0);
    }
    // A rank filtered or zoomed away comes back: the selection must be seen.
    const std::size_t row = trace_->timeline.row_of_span(span);
    if (layout_.calls_band(trace_->timeline.rows[row].rank) < 0) {
      set_rank_filter({});  // every rank, as an empty filter field means
      emit filter_cleared();
    }
    const long band = layout_.band_of_row(trace_->timeline, row);
    if (band >= 0) {
      const Band& b = layout_.bands()[static_cast<std::size_t>(band)];
      if (b.top < options_.scroll_y || b.bottom() > options_.scroll_y + rows_height())
        rows_bar_->setValue(b.top - rows_height() / 3);
    }
  }
  emit selection_changed(options_.selected);
  update();
}

void TimelineView::wheelEvent(QWheelEvent* event) {
  const QPoint angle = event->angleDelta();
  if (event->modifiers() & Qt::ControlModifier) {
    // Ranks zoom about the one under the cursor, as time does about the cursor's time.
    const long position = position_at(static_cast<int>(event->position().y()));
    const std::size_t first = ranks_.first_shown(), count = ranks_.shown().size();
    const double factor = std::pow(kZoomPerNotch, angle.y() / 120.0);
    const auto wanted = static_cast<std::size_t>(std::max(1.0, std::round(count / factor)));
    const double anchor = position < 0 ? count / 2.0 : static_cast<double>(position);
    const double share = count > 0 ? anchor / count : 0;
    const double start = static_cast<double>(first) + anchor - share * static_cast<double>(wanted);
    const auto from = static_cast<std::size_t>(std::max(0.0, std::round(start)));
    zoom_ranks(from, from + wanted);
  } else if (event->modifiers() & Qt::ShiftModifier) {
    rows_bar_->setValue(rows_bar_->value() - (angle.y() != 0 ? angle.y() : angle.x()) / 2);
  } else if (std::abs(angle.x()) > std::abs(angle.y())) {
    viewport_.pan_pixels(-angle.x() / 2.0);
  } else if (angle.y() != 0) {
    viewport_.zoom_about(event->position().x() - kLeft, std::pow(kZoomPerNotch, angle.y() / 120.0));
  }
  event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
  press_ = last_ = event->pos();
  moved_ = false;
  const bool band = event->button() == Qt::RightButton ||
                    (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
  if (event->button() == Qt::LeftButton && event->pos().x() < kLeft && event->pos().y() >= kTop) {
    drag_ = Drag::Ranks;
  } else {
    drag_ = band ? Drag::Band : event->button() == Qt::LeftButton ? Drag::Pan : Drag::None;
  }
  if (drag_ == Drag::Pan) setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
  const QPoint delta = event->pos() - last_;
  if ((event->pos() - press_).manhattanLength() > kClickSlop) moved_ = true;
  if (drag_ == Drag::Pan && moved_) {
    viewport_.pan_pixels(-delta.x());
    rows_bar_->setValue(rows_bar_->value() - delta.y());
  }
  last_ = event->pos();
  if (drag_ == Drag::Band || drag_ == Drag::Ranks) update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
  const Drag drag = drag_;
  drag_ = Drag::None;
  unsetCursor();
  if (drag == Drag::Band && moved_) {
    const double a = press_.x() - kLeft, b = event->pos().x() - kLeft;
    viewport_.show_range(viewport_.time_at(std::min(a, b)), viewport_.time_at(std::max(a, b)));
  } else if (drag == Drag::Ranks) {
    const long a = position_at(std::min(press_.y(), event->pos().y()));
    const long b = position_at(std::max(press_.y(), event->pos().y()));
    if (moved_ && a >= 0 && b >= 0) {
      // The band under the release may stand for several ranks: take them all.
      const long band = layout_.band_at(std::max(press_.y(), event->pos().y()) - kTop + options_.scroll_y);
      const std::size_t last = static_cast<std::size_t>(b) + layout_.bands()[static_cast<std::size_t>(band)].count;
      zoom_ranks(ranks_.first_shown() + static_cast<std::size_t>(a), ranks_.first_shown() + last);
    } else if (!moved_ && a >= 0) {
      const long band = layout_.band_at(press_.y() - kTop + options_.scroll_y);
      if (layout_.bands()[static_cast<std::size_t>(band)].count == 1)
        toggle_expanded(layout_.rank_at(static_cast<std::uint32_t>(a)));
    }
  } else if (!moved_ && event->button() == Qt::LeftButton) {
    select_span(span_at_position(event->pos()), false);
  }
  update();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (event->pos().x() >= kLeft) fit_all();
}

void TimelineView::keyPressEvent(QKeyEvent* event) {
  const double centre = viewport_.width() / 2.0;
  switch (event->key()) {
    case Qt::Key_Home:
    case Qt::Key_0: fit_all(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: viewport_.zoom_about(centre, 2); break;
    case Qt::Key_Minus: viewport_.zoom_about(centre, 0.5); break;
    case Qt::Key_Left: viewport_.pan_pixels(-viewport_.width() / 8.0); break;
    case Qt::Key_Right: viewport_.pan_pixels(viewport_.width() / 8.0); break;
    case Qt::Key_Up: rows_bar_->triggerAction(QAbstractSlider::SliderSingleStepSub); break;
    case Qt::Key_Down: rows_bar_->triggerAction(QAbstractSlider::SliderSingleStepAdd); break;
    case Qt::Key_E: set_all_expanded(!ranks_.all_expanded()); break;
    case Qt::Key_Escape: select_span(TimelineData::kNoSpan, false); break;
    default: QWidget::keyPressEvent(event); return;
  }
}

bool TimelineView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    const std::uint32_t span = span_at_position(help->pos());
    if (span != TimelineData::kNoSpan) {
      QToolTip::showText(help->globalPos(), span_details(trace_->timeline, span, 4).join('\n'), this);
    } else if (const long band = trace_ ? layout_.band_at(help->pos().y() - kTop + options_.scroll_y) : -1;
               band >= 0 && layout_.bands()[static_cast<std::size_t>(band)].count > 1) {
      const Band& b = layout_.bands()[static_cast<std::size_t>(band)];
      QToolTip::showText(help->globalPos(),
                         QString("ranks %1 to %2 (%3) in one pixel row: each column shows what most of them (up to 8, "
                                 "evenly chosen) do; Ctrl+wheel or drag over the labels to zoom into them")
                             .arg(layout_.rank_at(b.first))
                             .arg(layout_.rank_at(b.first + b.count - 1))
                             .arg(b.count),
                         this);
    } else {
      QToolTip::hideText();
    }
    return true;
  }
  return QWidget::event(event);
}

}  // namespace xo::gui
