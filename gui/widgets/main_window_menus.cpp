// MainWindow's menus and what they do: File (open, recent files, export, storing the run in the
// history), View (the tabs, fit all, ranks, find, legend) and Help.

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTabWidget>

#include "model/csv_export.hpp"
#include "model/timeline_help.hpp"
#include "widgets/find_bar.hpp"
#include "widgets/image_export.hpp"
#include "widgets/main_window.hpp"
#include "widgets/timeline_controls.hpp"
#include "widgets/timeline_legend.hpp"
#include "widgets/timeline_view.hpp"

namespace xo::gui {

namespace {

constexpr int kMostRecent = 8;

}  // namespace

void MainWindow::build_menus() {
  QMenu* file = menuBar()->addMenu("&File");
  file->addAction("&Open trace...", QKeySequence::Open, this, &MainWindow::open_dialog);
  recent_ = file->addMenu("Open &recent");
  rebuild_recent_menu();
  file->addSeparator();
  export_view_ = file->addAction("&Export view as image...", QKeySequence(Qt::CTRL | Qt::Key_E), this,
                                 &MainWindow::export_view_dialog);
  export_csv_ = file->addAction("Export summary as &CSV...", this, &MainWindow::export_csv_dialog);
  export_view_->setEnabled(false);
  export_csv_->setEnabled(false);
  store_ = file->addAction("&Store this run in the history", this, &MainWindow::store_run);
  store_->setToolTip(
      "Opening a trace stores nothing; this runs xo report, which stores the run, its settings and "
      "figures in the benchmark history");
  store_->setEnabled(false);
  file->addSeparator();
  file->addAction("&Quit", QKeySequence::Quit, this, &QWidget::close);
  QMenu* view = menuBar()->addMenu("&View");
  for (int i = 0; i < 5; ++i) {
    view->addAction(tabs_->tabText(i), QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)), this,
                    [this, i] { tabs_->setCurrentIndex(i); });
  }
  view->addSeparator();
  view->addAction("&Fit all (time and ranks)", QKeySequence(Qt::Key_Home), this, [this] { timeline_->fit_all(); });
  view->addAction("&Ranks...", QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] {
    tabs_->setCurrentIndex(0);
    controls_->focus_ranks();
  });
  legend_action_ = view->addAction("&Legend", QKeySequence(Qt::Key_L), this, [this](bool on) { show_legend(on); });
  legend_action_->setCheckable(true);
  legend_action_->setChecked(true);
  view->addAction("F&ind...", QKeySequence::Find, this, [this] {
    tabs_->setCurrentIndex(0);
    find_bar_->focus_text();
  });
  QMenu* help = menuBar()->addMenu("&Help");
  help->addAction("Timeline: &mouse and keys", QKeySequence::HelpContents, this, &MainWindow::show_help);
  help->addAction("&About Crossover", this, [this] {
    QMessageBox::about(this, "About Crossover",
                       "Crossover shows why MPI communication is slow and which settings fix it: protocol "
                       "timelines, fitted LogGP models, crossovers and verified recommendations. "
                       "See xo --help and the README.");
  });
}

void MainWindow::show_legend(bool shown) {
  legend_->setVisible(shown);
  controls_->set_legend_shown(shown);
  if (legend_action_) legend_action_->setChecked(shown);
}

void MainWindow::show_help() {
  auto* box =
      new QMessageBox(QMessageBox::NoIcon, "Timeline: mouse and keys", timeline_help_text(), QMessageBox::Ok, this);
  box->setTextFormat(Qt::RichText);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void MainWindow::store_run() {
  if (!trace_) return;
  store_->setEnabled(false);
  store_clock_.start();
  store_progress_ = ReportProgress();
  stage_->setText("Storing the run in the history (xo report)...");
  loader_.store(trace_->path);
}

QString MainWindow::export_view(const QString& path) { return save_widget_image(*tabs_->currentWidget(), path); }

QString MainWindow::export_summary_csv(const QString& directory) {
  if (!analysis_) return "nothing to export yet: the trace is not analysed";
  try {
    const QStringList files = write_summary_csv(*analysis_, directory);
    stage_->setText(QString("wrote %1 CSV files into %2").arg(files.size()).arg(directory));
    return {};
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

void MainWindow::export_view_dialog() {
  const QString view = view_names()[tabs_->currentIndex()];
  const QString path = QFileDialog::getSaveFileName(this, "Export the " + view + " view", view + ".png",
                                                    "PNG image (*.png);;SVG drawing (*.svg)");
  if (path.isEmpty()) return;
  const QString problem = export_view(path);
  if (!problem.isEmpty()) {
    QMessageBox::warning(this, "Cannot export", problem);
  } else {
    stage_->setText("wrote " + path);
  }
}

void MainWindow::export_csv_dialog() {
  const QString directory = QFileDialog::getExistingDirectory(this, "Export the summary's tables as CSV into");
  if (directory.isEmpty()) return;
  const QString problem = export_summary_csv(directory);
  if (!problem.isEmpty()) QMessageBox::warning(this, "Cannot export", problem);
}

void MainWindow::remember(const QString& path) {
  QSettings settings("Crossover", "xo-gui");
  QStringList recent = settings.value("recent").toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMostRecent) recent.removeLast();
  settings.setValue("recent", recent);
  rebuild_recent_menu();
}

void MainWindow::rebuild_recent_menu() {
  recent_->clear();
  const QStringList recent = dialogs_ ? QSettings("Crossover", "xo-gui").value("recent").toStringList() : QStringList();
  for (const QString& path : recent) recent_->addAction(path, this, [this, path] { open_trace(path); });
  recent_->setEnabled(!recent.isEmpty());
}

}  // namespace xo::gui
