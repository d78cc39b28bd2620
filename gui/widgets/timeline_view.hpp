#pragma once
// The timeline widget: paints through TimelineRenderer and turns mouse and keys into viewport
// changes. Wheel: zoom about the cursor; Shift+wheel: scroll the rows; drag: pan; right-drag or
// Shift+drag: zoom to the band; click: select; double-click or Home: fit all; tooltips name the
// span under the cursor.

#include <QPoint>
#include <QWidget>
#include <memory>

#include "model/timeline_layout.hpp"
#include "model/timeline_renderer.hpp"
#include "model/timeline_viewport.hpp"
#include "model/trace_analysis.hpp"

class QScrollBar;

namespace xo::gui {

class TimelineView : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineView(QWidget* parent = nullptr);

  void set_trace(std::shared_ptr<const LoadedTrace> trace);
  void select_span(std::uint32_t span, bool bring_into_view);
  std::uint32_t selected() const { return options_.selected; }
  TimelineViewport& viewport() { return viewport_; }
  const TimelineLayout& layout() const { return layout_; }
  int scroll_y() const;
  // The span at a widget position, or TimelineData::kNoSpan.
  std::uint32_t span_at_position(QPoint position) const;

 signals:
  void selection_changed(std::uint32_t span);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool event(QEvent* event) override;

 private:
  int data_width() const;
  void update_scroll_range();

  std::shared_ptr<const LoadedTrace> trace_;
  TimelineViewport viewport_;
  TimelineLayout layout_;
  TimelineRenderer renderer_;
  RenderOptions options_;
  QScrollBar* rows_bar_ = nullptr;
  enum class Drag { None, Pan, Band } drag_ = Drag::None;
  QPoint press_;
  QPoint last_;
  bool moved_ = false;
};

}  // namespace xo::gui
