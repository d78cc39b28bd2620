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
  options_.selected = TimelineData::kNoSpan;
  if (trace_) {
    layout_.build(trace_->timeline);
    viewport_.set_width(data_width());
    viewport_.set_limits(trace_->timeline.start_time, trace_->timeline.end_time);
  }
  update_scroll_range();
  rows_bar_->setValue(0);
  update();
}

int TimelineView::data_width() const { return std::max(1, width() - rows_bar_->sizeHint().width() - TimelineLayout::kLabelWidth); }

int TimelineView::scroll_y() const { return options_.scroll_y; }

void TimelineView::update_scroll_range() {
  const int visible = height() - TimelineLayout::kRulerHeight;
  rows_bar_->setRange(0, std::max(0, layout_.content_height() - visible));
  rows_bar_->setPageStep(std::max(1, visible));
  rows_bar_->setSingleStep(TimelineLayout::kCallRowHeight);
}

void TimelineView::resizeEvent(QResizeEvent*) {
  const int bar = rows_bar_->sizeHint().width();
  rows_bar_->setGeometry(width() - bar, TimelineLayout::kRulerHeight, bar, height() - TimelineLayout::kRulerHeight);
  viewport_.set_width(data_width());
  update_scroll_range();
}

void TimelineView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const QSize size(width() - rows_bar_->sizeHint().width(), height());
  if (!trace_) {
    painter.fillRect(rect(), palette().window());
    painter.drawText(rect(), Qt::AlignCenter, "Open a trace (File > Open, or drop a trace directory here)");
    return;
  }
  renderer_.paint(painter, size, trace_->timeline, layout_, viewport_, options_);
  if (drag_ == Drag::Band) {
    const int x0 = std::max(TimelineLayout::kLabelWidth, std::min(press_.x(), last_.x()));
    const int x1 = std::max(press_.x(), last_.x());
    painter.fillRect(QRect(x0, TimelineLayout::kRulerHeight, x1 - x0, height()), QColor(40, 110, 220, 60));
    painter.setPen(QColor(40, 110, 220));
    painter.drawRect(QRect(x0, TimelineLayout::kRulerHeight, x1 - x0, height() - TimelineLayout::kRulerHeight - 1));
  }
}

std::uint32_t TimelineView::span_at_position(QPoint position) const {
  if (!trace_ || position.x() < TimelineLayout::kLabelWidth || position.y() < TimelineLayout::kRulerHeight) {
    return TimelineData::kNoSpan;
  }
  const long row = layout_.row_at(position.y() - TimelineLayout::kRulerHeight + options_.scroll_y);
  if (row < 0) return TimelineData::kNoSpan;
  return span_at(trace_->timeline, static_cast<std::size_t>(row), viewport_.scale(),
                 position.x() - TimelineLayout::kLabelWidth + 0.5);
}

void TimelineView::select_span(std::uint32_t span, bool bring_into_view) {
  if (!trace_) return;
  options_.selected = span < trace_->timeline.spans.size() ? span : TimelineData::kNoSpan;
  if (bring_into_view && options_.selected != TimelineData::kNoSpan) {
    const Span& s = trace_->timeline.spans[span];
    // Keep the zoom if the span shows at it, else zoom so that it takes a tenth of the view.
    if (s.end - s.start > viewport_.span() || viewport_.span() > 200 * std::max(s.end - s.start, viewport_.min_span() / 10)) {
      const double span_seconds = std::max(10 * (s.end - s.start), viewport_.min_span());
      viewport_.show_range((s.start + s.end) / 2 - span_seconds / 2, (s.start + s.end) / 2 + span_seconds / 2);
    } else if (s.start < viewport_.start() || s.end > viewport_.end()) {
      viewport_.pan_pixels(viewport_.x_of((s.start + s.end) / 2) - viewport_.width() / 2.0);
    }
    const std::size_t row = trace_->timeline.row_of_span(span);
    const int top = layout_.row_top(row), visible = height() - TimelineLayout::kRulerHeight;
    if (top < options_.scroll_y || top + layout_.row_height(row) > options_.scroll_y + visible) {
      rows_bar_->setValue(top - visible / 3);
    }
  }
  emit selection_changed(options_.selected);
  update();
}

void TimelineView::wheelEvent(QWheelEvent* event) {
  const QPoint angle = event->angleDelta();
  if (event->modifiers() & Qt::ShiftModifier) {
    rows_bar_->setValue(rows_bar_->value() - (angle.y() != 0 ? angle.y() : angle.x()) / 2);
  } else if (std::abs(angle.x()) > std::abs(angle.y())) {
    viewport_.pan_pixels(-angle.x() / 2.0);
  } else if (angle.y() != 0) {
    viewport_.zoom_about(event->position().x() - TimelineLayout::kLabelWidth, std::pow(kZoomPerNotch, angle.y() / 120.0));
  }
  event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
  press_ = last_ = event->pos();
  moved_ = false;
  const bool band = event->button() == Qt::RightButton ||
                    (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
  drag_ = band ? Drag::Band : event->button() == Qt::LeftButton ? Drag::Pan : Drag::None;
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
  if (drag_ == Drag::Band) update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
  const Drag drag = drag_;
  drag_ = Drag::None;
  unsetCursor();
  if (drag == Drag::Band && moved_) {
    const double a = press_.x() - TimelineLayout::kLabelWidth, b = event->pos().x() - TimelineLayout::kLabelWidth;
    viewport_.show_range(viewport_.time_at(std::min(a, b)), viewport_.time_at(std::max(a, b)));
  } else if (!moved_ && event->button() == Qt::LeftButton) {
    select_span(span_at_position(event->pos()), false);
  }
  update();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent*) { viewport_.fit_all(); }

void TimelineView::keyPressEvent(QKeyEvent* event) {
  const double centre = viewport_.width() / 2.0;
  switch (event->key()) {
    case Qt::Key_Home:
    case Qt::Key_0: viewport_.fit_all(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: viewport_.zoom_about(centre, 2); break;
    case Qt::Key_Minus: viewport_.zoom_about(centre, 0.5); break;
    case Qt::Key_Left: viewport_.pan_pixels(-viewport_.width() / 8.0); break;
    case Qt::Key_Right: viewport_.pan_pixels(viewport_.width() / 8.0); break;
    case Qt::Key_Up: rows_bar_->triggerAction(QAbstractSlider::SliderSingleStepSub); break;
    case Qt::Key_Down: rows_bar_->triggerAction(QAbstractSlider::SliderSingleStepAdd); break;
    case Qt::Key_Escape: select_span(TimelineData::kNoSpan, false); break;
    default: QWidget::keyPressEvent(event); return;
  }
}

bool TimelineView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    const std::uint32_t span = span_at_position(help->pos());
    if (span == TimelineData::kNoSpan) {
      QToolTip::hideText();
    } else {
      QToolTip::showText(help->globalPos(), span_details(trace_->timeline, span, 4).join('\n'), this);
    }
    return true;
  }
  return QWidget::event(event);
}

}  // namespace xo::gui
