#pragma once
// The main window: a tab per view (timeline with find bar, rank and message controls, legend and
// details; summary, fits, recommendations, history), a progress bar while a trace loads in the
// worker, File > Open, recent files, drag and drop, export (the view as PNG or SVG, the summary as
// CSV), and Help (the timeline's mouse and keys). A failed load is an error
// dialog (or, without dialogs, the load_failed signal, for screenshots).

#include <QElapsedTimer>
#include <QMainWindow>
#include <memory>
#include <optional>

#include "model/report_progress.hpp"
#include "model/trace_loader.hpp"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;

namespace xo::gui {

class DetailsPane;
class FindBar;
class FitChartView;
class HistoryView;
class RecommendationsView;
class SourceView;
class SummaryView;
class TimelineControls;
class TimelineLegend;
class TimelineView;

enum class View { Timeline, Summary, Fits, Recommendations, History };

// How the timeline first shows a trace (xo gui --ranks, --expand-lanes, --time).
struct TimelineStart {
  QString ranks;  // a rank filter (parse_rank_filter); empty: all
  bool expand_lanes = false;
  std::optional<std::pair<double, double>> time;  // seconds since the trace's start
};

// "timeline", "summary", "fits", "recommendations", "history"; nothing for another name.
std::optional<View> view_named(const QString& name);
QStringList view_names();

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `xo_program`: the xo binary for reports and history. `dialogs`: show errors in dialogs and
  // remember recent files (false for screenshots).
  MainWindow(const QString& xo_program, bool dialogs, QWidget* parent = nullptr);

  void open_trace(const QString& path);
  // Applied to every trace loaded after; a rank filter the trace cannot meet is reported by
  // load_failed (screenshots) or beside the rank field.
  void set_timeline_start(TimelineStart start) { start_ = std::move(start); }
  void show_view(View view);
  TraceLoader& loader() { return loader_; }
  TimelineView& timeline() { return *timeline_; }
  FindBar& find_bar() { return *find_bar_; }
  TimelineControls& timeline_controls() { return *controls_; }
  const TimelineLegend& legend() const { return *legend_; }
  DetailsPane& details() { return *details_; }
  SummaryView& summary() { return *summary_; }
  const FitChartView& fits() const { return *fits_; }
  // Shown above the views while the trace is one read with damage (xo gui --tolerate).
  const QLabel& damage_banner() const { return *damage_banner_; }
  std::shared_ptr<const LoadedTrace> trace() const { return trace_; }
  // The current view as PNG or SVG (by the suffix); the summary's tables as CSV files into an
  // existing directory (csv_export.hpp). Each returns what went wrong, or an empty string.
  QString export_view(const QString& path);
  QString export_summary_csv(const QString& directory);
  // File > Store this run in the history: xo report, storing, in the background.
  void store_run();
  // Brings out in the timeline what recommendation `row` changes; `show`: switch to the timeline.
  void show_recommendation(int row, bool show);
  // The source of the selected call (its call site), beside its details.
  void show_source(std::uint32_t span);
  const SourceView& source() const { return *source_; }

 signals:
  void load_failed(const QString& message);
  void store_failed(const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void build_menus();
  void open_dialog();
  void export_view_dialog();
  void export_csv_dialog();
  void remember(const QString& path);
  void rebuild_recent_menu();
  void on_loaded(std::shared_ptr<const LoadedTrace> trace);
  void on_analysed(std::shared_ptr<const TraceAnalysis> analysis);
  void on_profile_loaded(std::shared_ptr<const LoadedProfile> profile);
  void on_failed(const QString& message);
  void apply_timeline_start();
  void show_legend(bool shown);
  void show_help();

  bool dialogs_;
  TimelineStart start_;
  TraceLoader loader_;
  std::shared_ptr<const LoadedTrace> trace_;
  std::shared_ptr<const TraceAnalysis> analysis_;
  std::shared_ptr<const ReportData> report_;
  QTabWidget* tabs_ = nullptr;
  TimelineView* timeline_ = nullptr;
  FindBar* find_bar_ = nullptr;
  TimelineControls* controls_ = nullptr;
  TimelineLegend* legend_ = nullptr;
  QAction* legend_action_ = nullptr;
  QAction* export_view_ = nullptr;
  QAction* export_csv_ = nullptr;
  QAction* store_ = nullptr;
  QElapsedTimer report_clock_, store_clock_;
  ReportProgress report_progress_, store_progress_;
  DetailsPane* details_ = nullptr;
  SourceView* source_ = nullptr;
  SummaryView* summary_ = nullptr;
  FitChartView* fits_ = nullptr;
  RecommendationsView* recommendations_ = nullptr;
  HistoryView* history_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* stage_ = nullptr;
  QLabel* damage_banner_ = nullptr;
  QMenu* recent_ = nullptr;
};

}  // namespace xo::gui
