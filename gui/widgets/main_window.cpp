#include "widgets/main_window.hpp"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "model/source_excerpt.hpp"
#include "model/timeline_search.hpp"
#include "widgets/details_pane.hpp"
#include "widgets/find_bar.hpp"
#include "widgets/fit_chart_view.hpp"
#include "widgets/history_view.hpp"
#include "widgets/recommendations_view.hpp"
#include "widgets/source_view.hpp"
#include "widgets/summary_view.hpp"
#include "widgets/timeline_controls.hpp"
#include "widgets/timeline_legend.hpp"
#include "widgets/timeline_view.hpp"

namespace xo::gui {

namespace {

const char* const kView[] = {"timeline", "summary", "fits", "recommendations", "history"};

}  // namespace

std::optional<View> view_named(const QString& name) {
  for (int i = 0; i < 5; ++i) {
    if (name == kView[i]) return static_cast<View>(i);
  }
  return std::nullopt;
}

QStringList view_names() { return {kView[0], kView[1], kView[2], kView[3], kView[4]}; }

MainWindow::MainWindow(const QString& xo_program, bool dialogs, QWidget* parent)
    : QMainWindow(parent), dialogs_(dialogs), loader_(xo_program) {
  setWindowTitle("Crossover");
  setAcceptDrops(true);
  tabs_ = new QTabWidget(this);
  auto* timeline_page = new QWidget(tabs_);
  auto* layout = new QVBoxLayout(timeline_page);
  layout->setContentsMargins(0, 0, 0, 0);
  find_bar_ = new FindBar(timeline_page);
  layout->addWidget(find_bar_);
  controls_ = new TimelineControls(timeline_page);
  layout->addWidget(controls_);
  auto* split = new QSplitter(Qt::Vertical, timeline_page);
  auto* beside = new QSplitter(Qt::Horizontal, split);
  timeline_ = new TimelineView(beside);
  legend_ = new TimelineLegend(beside);
  beside->addWidget(timeline_);
  beside->addWidget(legend_);
  beside->setStretchFactor(0, 1);
  beside->setSizes({1000, 230});
  auto* below = new QSplitter(Qt::Horizontal, split);
  details_ = new DetailsPane(below);
  source_ = new SourceView(below);
  below->addWidget(details_);
  below->addWidget(source_);
  below->setSizes({600, 500});
  split->addWidget(beside);
  split->addWidget(below);
  split->setStretchFactor(0, 1);
  split->setSizes({10000, 110});  // the timeline takes what the details do not need
  layout->addWidget(split, 1);
  summary_ = new SummaryView(tabs_);
  fits_ = new FitChartView(tabs_);
  recommendations_ = new RecommendationsView(tabs_);
  history_ = new HistoryView(tabs_);
  tabs_->addTab(timeline_page, "Timeline");
  tabs_->addTab(summary_, "Summary");
  tabs_->addTab(fits_, "Fits");
  tabs_->addTab(recommendations_, "Recommendations");
  tabs_->addTab(history_, "History");
  // Small windows (screenshots for docs) squeeze the views rather than grow past the size asked.
  for (int i = 0; i < tabs_->count(); ++i) tabs_->widget(i)->setMinimumSize(160, 120);
  auto* central = new QWidget(this);
  auto* central_layout = new QVBoxLayout(central);
  central_layout->setContentsMargins(0, 0, 0, 0);
  central_layout->setSpacing(0);
  damage_banner_ = new QLabel(central);
  damage_banner_->setWordWrap(true);
  damage_banner_->setStyleSheet("QLabel { background: #b00020; color: white; font-weight: bold; padding: 6px; }");
  damage_banner_->hide();
  central_layout->addWidget(damage_banner_);
  central_layout->addWidget(tabs_, 1);
  setCentralWidget(central);

  progress_ = new QProgressBar(this);
  progress_->setMaximumWidth(240);
  progress_->hide();
  stage_ = new QLabel(this);
  statusBar()->addWidget(stage_, 1);
  statusBar()->addPermanentWidget(progress_);
  build_menus();

  connect(timeline_, &TimelineView::selection_changed, details_, &DetailsPane::show_span);
  connect(timeline_, &TimelineView::selection_changed, this, &MainWindow::show_source);
  connect(summary_, &SummaryView::call_site_chosen, this, [this](const QString& call, const analyzer::CallSite& site) {
    if (!trace_) return;
    const std::uint32_t span = longest_call_at(trace_->timeline, call, site);
    if (span == TimelineData::kNoSpan) return;
    tabs_->setCurrentIndex(static_cast<int>(View::Timeline));
    timeline_->select_span(span, true);
  });
  connect(timeline_, &TimelineView::ranks_changed, this, [this](const QString& description) {
    controls_->set_ranks_shown(description);
    controls_->set_lanes_expanded(timeline_->ranks().all_expanded());
  });
  connect(timeline_, &TimelineView::filter_cleared, this, [this] { controls_->ranks_field().clear(); });
  connect(controls_, &TimelineControls::rank_filter_entered, this,
          [this](const QString& text) { controls_->set_rank_problem(timeline_->set_rank_filter(text)); });
  connect(controls_, &TimelineControls::density_chosen, timeline_, &TimelineView::set_message_density);
  connect(controls_, &TimelineControls::lanes_expanded_toggled, timeline_, &TimelineView::set_all_expanded);
  connect(controls_, &TimelineControls::legend_toggled, this, &MainWindow::show_legend);
  controls_->set_density(timeline_->message_density());
  show_legend(true);
  connect(find_bar_, &FindBar::show_span, this, [this](std::uint32_t span) { timeline_->select_span(span, true); });
  connect(&loader_, &TraceLoader::progress, this, [this](quint64, int percent, const QString& stage) {
    progress_->setValue(percent);
    progress_->setVisible(percent < 100);
    stage_->setText(stage);
  });
  connect(&loader_, &TraceLoader::failed, this, [this](quint64, const QString& message) { on_failed(message); });
  connect(&loader_, &TraceLoader::loaded, this, [this](quint64, auto trace) { on_loaded(std::move(trace)); });
  connect(&loader_, &TraceLoader::profile_loaded, this,
          [this](quint64, auto profile) { on_profile_loaded(std::move(profile)); });
  connect(&loader_, &TraceLoader::analysed, this, [this](quint64, auto analysis) { on_analysed(std::move(analysis)); });
  connect(&loader_, &TraceLoader::report_started, this, [this](quint64) {
    report_clock_.start();
    report_progress_ = ReportProgress();
    const QString text = "Computing recommendations... (xo report benchmarks the trace's machine model, a few seconds)";
    recommendations_->set_status(text);
    fits_->set_status(text);
  });
  connect(&loader_, &TraceLoader::report_progress, this, [this](quint64, const QString& line) {
    const QString text = "Computing recommendations: " +
                         report_progress_.update(line, static_cast<double>(report_clock_.elapsed()) / 1e3);
    recommendations_->set_status(text);
    fits_->set_status(text);
  });
  connect(&loader_, &TraceLoader::store_progress, this, [this](const QString& line) {
    stage_->setText("Storing the run in the history: " +
                    store_progress_.update(line, static_cast<double>(store_clock_.elapsed()) / 1e3));
  });
  connect(&loader_, &TraceLoader::stored, this, [this](const QString& message) {
    store_->setEnabled(trace_ != nullptr);
    stage_->setText(message);
    loader_.load_history();
  });
  connect(&loader_, &TraceLoader::store_failed, this, [this](const QString& message) {
    store_->setEnabled(trace_ != nullptr);
    stage_->setText("not stored: " + message);
    emit store_failed(message);
    if (dialogs_) QMessageBox::warning(this, "Cannot store the run", message);
  });
  connect(&loader_, &TraceLoader::report_ready, this, [this](quint64, auto report) {
    report_ = report;
    recommendations_->set_report(report);
    fits_->set_report(report);
    const bool marks = std::any_of(report->crossovers.begin(), report->crossovers.end(),
                                   [](const CrossoverMark& c) { return c.point_to_point(); });
    fits_->set_status(marks ? QString("Samples and the segmented fit of this trace; crossovers, current and best "
                                      "settings from xo report's bench.")
                            : QString("Samples and the segmented fit of this trace. No setting to mark: xo report's "
                                      "bench has no point-to-point switch point for this machine (see "
                                      "Recommendations)."));
    stage_->setText("recommendations ready");
  });
  connect(recommendations_, &RecommendationsView::recommendation_chosen, this, &MainWindow::show_recommendation);
  connect(&loader_, &TraceLoader::report_failed, this, [this](quint64, const QString& message) {
    recommendations_->set_status(message);
    fits_->set_status("Samples and the segmented fit of this trace. No crossovers: " + message);
  });
  connect(&loader_, &TraceLoader::history_ready, history_, &HistoryView::set_rows);
  connect(&loader_, &TraceLoader::history_unavailable, history_, &HistoryView::set_unavailable);
  loader_.load_history();
}

void MainWindow::apply_timeline_start() {
  if (!start_.ranks.isEmpty()) {
    controls_->ranks_field().setText(start_.ranks);
    const QString problem = timeline_->set_rank_filter(start_.ranks);
    controls_->set_rank_problem(problem);
    if (!problem.isEmpty() && !dialogs_) emit load_failed("--ranks " + start_.ranks + ": " + problem);
  }
  if (start_.expand_lanes) timeline_->set_all_expanded(true);
  if (start_.time) timeline_->viewport().show_range(start_.time->first, start_.time->second);
}

void MainWindow::show_source(std::uint32_t span) {
  if (!trace_ || span >= trace_->timeline.span_count()) return source_->show_nothing({});
  const TimelineData& d = trace_->timeline;
  const TimelineRow& row = d.rows[d.row_of_span(span)];
  if (row.kind != RowKind::Calls)
    return source_->show_nothing("A protocol phase has no line in the program; select its call.");
  const Span s = d.span(span);
  const analyzer::Index site = d.model->calls.site_of(s.source);
  const QString call = d.categories.name(s.category);
  if (site == analyzer::kNoIndex) return source_->show_nothing(call + ": the trace names no call site for it");
  const auto& sites = d.model->call_sites;
  source_->show_excerpt(source_excerpt(QString::fromStdString(sites.file[site]), static_cast<int>(sites.line[site])),
                        call + " in " + QString::fromStdString(sites.function[site]));
}

void MainWindow::show_recommendation(int row, bool show) {
  if (!trace_ || !report_ || row < 0 || static_cast<std::size_t>(row) >= report_->targets.size()) return;
  const QString setting =
      report_->recommendations.rows[static_cast<std::size_t>(row)].value(0).toString().section(' ', -1);
  auto highlight = std::make_shared<const TimelineHighlight>(
      highlight_recommendation(trace_->timeline, report_->targets[static_cast<std::size_t>(row)], setting));
  stage_->setText(highlight->description + (show ? "" : "; Show in the timeline brings them out"));
  timeline_->set_highlight(highlight);
  if (show) tabs_->setCurrentIndex(static_cast<int>(View::Timeline));
}

void MainWindow::open_dialog() {
  const QString path =
      QFileDialog::getOpenFileName(this, "Open an OTF2 trace or a run's profile", {},
                                   "Traces and profiles (*.otf2 *.xop);;OTF2 anchor (*.otf2);;Profile of xo record "
                                   "--profile (*.xop);;All files (*)");
  if (!path.isEmpty()) open_trace(path);
}

void MainWindow::open_trace(const QString& path) {
  trace_.reset();
  analysis_.reset();
  report_.reset();
  store_->setEnabled(false);
  export_view_->setEnabled(false);
  export_csv_->setEnabled(false);
  timeline_->set_trace(nullptr);
  timeline_->set_empty_text({});
  legend_->set_data(nullptr);
  details_->set_trace(nullptr);
  source_->show_nothing({});
  find_bar_->set_trace(nullptr);
  summary_->clear();
  fits_->clear();
  recommendations_->clear();
  damage_banner_->hide();
  setWindowTitle("Crossover - " + QFileInfo(path).fileName());
  progress_->setValue(0);
  progress_->show();
  loader_.load(path);
}

void MainWindow::show_view(View view) { tabs_->setCurrentIndex(static_cast<int>(view)); }

void MainWindow::on_loaded(std::shared_ptr<const LoadedTrace> trace) {
  trace_ = trace;
  export_view_->setEnabled(true);
  store_->setEnabled(true);
  timeline_->set_trace(trace);
  apply_timeline_start();
  legend_->set_data(&trace->timeline);
  details_->set_trace(trace);
  find_bar_->set_trace(trace);
  setWindowTitle("Crossover - " + trace->title());
  if (dialogs_) remember(trace->path);
  const auto& problems = trace->model().problems;
  if (problems.damage() > 0) {
    setWindowTitle("Crossover - " + trace->title() + " [damaged trace]");
    damage_banner_->setText(QString("Damaged trace, opened with --tolerate: %1 sign(s) of damage, the first: %2. "
                                    "Every figure in these views may be wrong; record the run again.")
                                .arg(problems.damage())
                                .arg(QString::fromStdString(problems.first_damage)));
    damage_banner_->show();
  }
  if (problems.total() > 0) {
    stage_->setText(
        QString("%1 problems in the trace were tolerated, e.g. %2")
            .arg(problems.total())
            .arg(problems.examples.empty() ? QString("?") : QString::fromStdString(problems.examples.front())));
  }
}

// A profile fills the Summary; the other views say why they stay empty.
void MainWindow::on_profile_loaded(std::shared_ptr<const LoadedProfile> profile) {
  setWindowTitle("Crossover - " + profile->title());
  if (dialogs_) remember(profile->path);
  const QString record = "record a trace (xo record without --profile; --trace-ranks keeps a few ranks)";
  timeline_->set_empty_text("A profile has no timeline: it keeps counts and times, not events.\nTo see one, " + record +
                            ".");
  fits_->set_status("Samples and fits need the messages of a trace; this is a profile.");
  recommendations_->set_status(
      "No crossovers or recommendations from a profile: they come from a trace's messages "
      "and xo report's bench of its machine; " +
      record + ".");
  // The Summary is what a profile has: shown unless a view was asked for (xo gui --view).
  if (dialogs_ && tabs_->currentIndex() == static_cast<int>(View::Timeline)) show_view(View::Summary);
}

void MainWindow::on_analysed(std::shared_ptr<const TraceAnalysis> analysis) {
  analysis_ = analysis;
  export_csv_->setEnabled(true);
  summary_->set_analysis(analysis);
  fits_->set_analysis(analysis, trace_ ? &trace_->timeline.categories : nullptr);
}

void MainWindow::on_failed(const QString& message) {
  progress_->hide();
  stage_->setText("failed: " + message);
  setWindowTitle("Crossover");
  emit load_failed(message);
  if (dialogs_) {
    auto* box = new QMessageBox(QMessageBox::Critical, "Cannot open the trace", message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // window-modal, without a nested event loop
  }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls() && event->mimeData()->urls().front().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = event->mimeData()->urls().front().toLocalFile();
  open_trace(path);
  event->acceptProposedAction();
}

}  // namespace xo::gui
