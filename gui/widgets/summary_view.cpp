#include "widgets/summary_view.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLogValueAxis>
#include <QPainter>
#include <QPixmap>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::gui {

namespace {

QWidget* boxed(const QString& title, QWidget* content, QWidget* extra = nullptr) {
  auto* box = new QGroupBox(title);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(4, 4, 4, 4);
  if (extra) layout->addWidget(extra);
  layout->addWidget(content);
  return box;
}

QTableView* table_of(QAbstractItemModel* model, QWidget* parent, bool sortable = true) {
  auto* view = new QTableView(parent);
  if (sortable) {
    auto* proxy = new QSortFilterProxyModel(view);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::UserRole);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder);
  } else {
    view->setModel(model);
  }
  view->verticalHeader()->hide();
  // The profile tables have a few columns: each as wide as its longest entry or header, so that
  // sites and names are not cut (the matrix, with a column per rank, keeps fixed widths).
  if (sortable) view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setAlternatingRowColors(true);
  view->verticalHeader()->setDefaultSectionSize(20);
  return view;
}

QString size_text(std::uint64_t bytes) {
  if (bytes >= (1u << 30)) return QString("%1G").arg(bytes >> 30);
  if (bytes >= (1u << 20)) return QString("%1M").arg(bytes >> 20);
  if (bytes >= (1u << 10)) return QString("%1K").arg(bytes >> 10);
  return QString::number(bytes);
}

}  // namespace

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent), headline_(new QLabel(this)), waits_note_(new QLabel(this)), histogram_(new QChart) {
  auto* layout = new QVBoxLayout(this);
  headline_->setWordWrap(true);
  layout->addWidget(headline_);
  auto* columns = new QSplitter(Qt::Horizontal, this);
  auto* left = new QSplitter(Qt::Vertical, columns);
  left->addWidget(boxed("Time in MPI by call", table_of(&by_call_, left)));
  auto* sites = table_of(&by_call_site_, left);
  sites->setToolTip("Double-click a site to see its longest call in the timeline, with its source");
  connect(sites, &QTableView::doubleClicked, this, [this, sites](const QModelIndex& index) {
    const auto* proxy = static_cast<const QSortFilterProxyModel*>(sites->model());
    choose_call_site(proxy->mapToSource(index).row());
  });
  left->addWidget(boxed("Time in MPI by call site (where the program made the call; double-click: show it)", sites));
  left->addWidget(boxed("Time in MPI by protocol or collective algorithm", table_of(&by_protocol_, left)));
  left->addWidget(boxed("Wait states (Scalasca's patterns)", table_of(&waits_, left), waits_note_));
  balance_ = new QLabel(left);
  balance_->setWordWrap(true);
  left->addWidget(boxed("Per rank: computation, time in MPI and waiting", table_of(&by_rank_, left), balance_));
  auto* right = new QSplitter(Qt::Vertical, columns);
  histogram_->setAnimationOptions(QChart::NoAnimation);
  histogram_->legend()->hide();
  histogram_->setMargins(QMargins(2, 2, 2, 2));
  auto* chart_view = new QChartView(histogram_, right);
  chart_view->setRenderHint(QPainter::Antialiasing);
  right->addWidget(boxed("Message sizes (messages per power-of-two bin)", chart_view));
  auto* matrix_view = table_of(&matrix_, right, false);
  matrix_view->horizontalHeader()->setDefaultSectionSize(64);  // "1.19 KiB" whole
  matrix_view->horizontalHeader()->setStretchLastSection(false);
  matrix_view->verticalHeader()->show();
  matrix_view->setAlternatingRowColors(false);
  auto* matrix_top = new QWidget(right);
  auto* matrix_bar = new QHBoxLayout(matrix_top);
  matrix_bar->setContentsMargins(0, 0, 0, 0);
  matrix_bar->addWidget(new QLabel("show", matrix_top));
  measure_ = new QComboBox(matrix_top);
  measure_->addItems({"bytes", "messages", "end-to-end time"});
  matrix_bar->addWidget(measure_);
  scale_ = new QLabel(matrix_top);
  matrix_bar->addWidget(scale_);
  scale_most_ = new QLabel(matrix_top);
  matrix_bar->addWidget(scale_most_, 1);
  connect(measure_, &QComboBox::currentIndexChanged, this,
          [this](int index) { set_matrix_measure(static_cast<MatrixMeasure>(index)); });
  right->addWidget(boxed("Communication matrix (sender row to receiver column)", matrix_view, matrix_top));
  columns->addWidget(left);
  columns->addWidget(right);
  layout->addWidget(columns, 1);
  clear();
}

void SummaryView::choose_call_site(int row) {
  if (!analysis_ || row < 0 || static_cast<std::size_t>(row) >= analysis_->call_sites.size()) return;
  emit call_site_chosen(analysis_->by_call_site.rows[static_cast<std::size_t>(row)].value(0).toString(),
                        analysis_->call_sites[static_cast<std::size_t>(row)]);
}

QString SummaryView::headline() const { return headline_->text(); }

void SummaryView::set_matrix_measure(MatrixMeasure measure) {
  if (measure_->currentIndex() != static_cast<int>(measure)) measure_->setCurrentIndex(static_cast<int>(measure));
  matrix_.set_measure(measure);
  update_scale();
}

// The colour scale beside the measure: pale to dark on a log scale, from the least to the most.
void SummaryView::update_scale() {
  constexpr int kWidth = 160, kHeight = 14;
  QPixmap bar(kWidth, kHeight);
  QPainter p(&bar);
  for (int x = 0; x < kWidth; ++x) p.fillRect(x, 0, 1, kHeight, CommMatrixModel::colour_at(x / double(kWidth - 1)));
  p.end();
  scale_->setPixmap(bar);
  scale_->setToolTip(matrix_.most() > 0 ? QString("colour on a log scale: pale = little, dark = %1 (the busiest pair)")
                                              .arg(matrix_.value_text(matrix_.most()))
                                        : QString("no messages"));
  scale_most_->setText(matrix_.most() > 0 ? "up to " + matrix_.value_text(matrix_.most()) : QString());
}

void SummaryView::clear() {
  analysis_.reset();
  headline_->setText("No trace analysed yet.");
  by_call_.set_table({}, {});
  by_call_site_.set_table({}, {});
  by_protocol_.set_table({}, {});
  waits_.set_table({}, {});
  waits_note_->hide();
  by_rank_.set_table({}, {});
  balance_->clear();
  matrix_.set_matrix({});
  update_scale();
  histogram_->removeAllSeries();
  for (QAbstractAxis* axis : histogram_->axes()) histogram_->removeAxis(axis);
}

void SummaryView::set_analysis(std::shared_ptr<const TraceAnalysis> a) {
  clear();
  analysis_ = a;
  if (!a) return;
  const auto& p = a->profile;
  headline_->setText(QString("%1 ranks, %2 per rank; time in MPI %3 summed over the ranks (%4 % of the run)")
                         .arg(p.ranks)
                         .arg(QString::fromStdString(analyzer::duration_text(p.run_seconds)))
                         .arg(QString::fromStdString(analyzer::duration_text(p.mpi_seconds)))
                         .arg(p.run_seconds > 0 ? 100 * p.mpi_seconds / (p.run_seconds * p.ranks) : 0, 0, 'f', 1) +
                     (a->needs_trace.isEmpty() ? QString() : "\n" + a->needs_trace));
  by_call_.set_table(a->by_call.header, a->by_call.rows, a->by_call.units);
  by_call_site_.set_table(a->by_call_site.header, a->by_call_site.rows, a->by_call_site.units);
  by_protocol_.set_table(a->by_protocol.header, a->by_protocol.rows, a->by_protocol.units);
  waits_.set_table(a->waits.header, a->waits.rows, a->waits.units);
  waits_note_->setText(a->waits.lines.join('\n'));
  waits_note_->setVisible(!a->waits.lines.isEmpty());
  by_rank_.set_table(a->by_rank.header, a->by_rank.rows, a->by_rank.units);
  balance_->setText(a->balance);
  matrix_.set_matrix(a->messages.matrix);
  update_scale();

  auto* set = new QBarSet("messages");
  QStringList labels;
  double most = 1;
  for (const SizeBin& bin : a->messages.sizes) {
    *set << static_cast<double>(bin.messages);
    most = std::max(most, static_cast<double>(bin.messages));
    labels << (bin.lower == 0 ? QString("0") : size_text(bin.lower));
  }
  auto* series = new QBarSeries;
  series->append(set);
  histogram_->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(labels);
  x->setTitleText("bytes (bin start)");
  auto* y = new QValueAxis;
  y->setRange(0, most * 1.05);
  y->setLabelFormat("%.0f");
  y->setTitleText("messages");
  histogram_->addAxis(x, Qt::AlignBottom);
  histogram_->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
}

}  // namespace xo::gui
