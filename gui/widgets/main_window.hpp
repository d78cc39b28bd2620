#pragma once
// The main window: a tab per view (timeline with find bar and details, summary, fits,
// recommendations, history), a progress bar while a trace loads in the worker, File > Open,
// recent files and drag and drop. A failed load is an error dialog (or, without dialogs, the
// load_failed signal, for screenshots).

#include <QMainWindow>
#include <memory>
#include <optional>

#include "model/trace_loader.hpp"

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
class SummaryView;
class TimelineView;

enum class View { Timeline, Summary, Fits, Recommendations, History };

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
  void show_view(View view);
  TraceLoader& loader() { return loader_; }
  TimelineView& timeline() { return *timeline_; }
  FindBar& find_bar() { return *find_bar_; }
  DetailsPane& details() { return *details_; }
  // Shown above the views while the trace is one read with damage (xo gui --tolerate).
  const QLabel& damage_banner() const { return *damage_banner_; }
  std::shared_ptr<const LoadedTrace> trace() const { return trace_; }

 signals:
  void load_failed(const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void build_menus();
  void open_dialog();
  void remember(const QString& path);
  void rebuild_recent_menu();
  void on_loaded(std::shared_ptr<const LoadedTrace> trace);
  void on_analysed(std::shared_ptr<const TraceAnalysis> analysis);
  void on_failed(const QString& message);

  bool dialogs_;
  TraceLoader loader_;
  std::shared_ptr<const LoadedTrace> trace_;
  QTabWidget* tabs_ = nullptr;
  TimelineView* timeline_ = nullptr;
  FindBar* find_bar_ = nullptr;
  DetailsPane* details_ = nullptr;
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
