#pragma once
// The timeline widget: paints through TimelineRenderer and turns mouse and keys into viewport and
// rank-selection changes. Wheel: zoom time about the cursor; Ctrl+wheel: zoom ranks about the
// cursor; Shift+wheel: scroll the rows; drag: pan; right-drag or Shift+drag: zoom to the time
// band; drag over the rank labels: zoom to those ranks; click a rank's label: expand or fold its
// network lanes; E: expand or fold every rank's; click: select; double-click or Home: fit all
// (time and ranks); tooltips name the span under the cursor.

#include <QPoint>
#include <QWidget>
#include <memory>

#include "model/rank_selection.hpp"
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
  // What the view says while it has no trace; empty: how to open one.
  void set_empty_text(const QString& text);
  const QString& empty_text() const { return empty_text_; }
  void select_span(std::uint32_t span, bool bring_into_view);
  std::uint32_t selected() const { return options_.selected; }
  TimelineViewport& viewport() { return viewport_; }
  const TimelineLayout& layout() const { return layout_; }
  const RankSelection& ranks() const { return ranks_; }
  int scroll_y() const;
  // The span at a widget position, or TimelineData::kNoSpan.
  std::uint32_t span_at_position(QPoint position) const;

  // Shows only the ranks the text names (parse_rank_filter); returns what was wrong with it, or
  // an empty string.
  QString set_rank_filter(const QString& text);
  void fit_all();  // every filtered rank and the whole time
  void set_all_expanded(bool expanded);
  void toggle_expanded(RankId rank);
  void zoom_ranks(std::size_t first, std::size_t end);  // positions among the filter's ranks
  void set_message_density(MessageDensity density);
  // Brings out a recommendation's messages or calls (nullptr: none); kept until the next trace.
  void set_highlight(std::shared_ptr<const TimelineHighlight> highlight);
  const TimelineHighlight* highlight() const { return highlight_.get(); }
  MessageDensity message_density() const { return options_.messages; }

 signals:
  void selection_changed(std::uint32_t span);
  // The shown ranks changed: "ranks 8-15 of all 64 ranks", "communicator 'rows' (8 ranks)".
  void ranks_changed(const QString& description);
  // The rank filter was dropped to show a selection among the ranks it hid.
  void filter_cleared();

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
  int rows_height() const;
  void relayout();  // after the ranks, their expansion or the height changed
  void update_scroll_range();
  // The shown position (index into layout().shown()) of the band at widget y, or -1.
  long position_at(int y) const;

  std::shared_ptr<const LoadedTrace> trace_;
  QString empty_text_;
  std::shared_ptr<const TimelineHighlight> highlight_;
  TimelineViewport viewport_;
  RankSelection ranks_;
  QString filter_description_;
  TimelineLayout layout_;
  TimelineRenderer renderer_;
  RenderOptions options_;
  QScrollBar* rows_bar_ = nullptr;
  enum class Drag { None, Pan, Band, Ranks } drag_ = Drag::None;
  QPoint press_;
  QPoint last_;
  bool moved_ = false;
};

}  // namespace xo::gui
