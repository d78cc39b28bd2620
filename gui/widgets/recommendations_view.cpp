#include "widgets/recommendations_view.hpp"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "model/display_text.hpp"

namespace xo::gui {

namespace {

QTableView* table_of(QAbstractItemModel* model, QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setModel(model);
  view->verticalHeader()->hide();
  view->horizontalHeader()->setStretchLastSection(true);
  view->setWordWrap(true);
  return view;
}

}  // namespace

RecommendationsView::RecommendationsView(QWidget* parent)
    : QWidget(parent),
      status_(new QLabel(this)),
      exports_(new QPlainTextEdit(this)),
      copy_(new QPushButton("Copy export lines", this)) {
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  auto* lines = new QHBoxLayout;
  exports_->setReadOnly(true);
  exports_->setMaximumHeight(4 * QFontMetrics(QFont("monospace")).lineSpacing() + 12);
  exports_->setFont(QFont("monospace"));
  lines->addWidget(exports_, 1);
  lines->addWidget(copy_, 0, Qt::AlignTop);
  layout->addLayout(lines);
  auto* heading = new QHBoxLayout;
  heading->addWidget(new QLabel("Recommendations (predicted saving by the bench's fitted models; evidence; cost); "
                                "select one to see what it changes:",
                                this),
                     1);
  show_ = new QPushButton("Show in the timeline", this);
  show_->setToolTip("The messages this setting moves to another protocol, or the calls whose algorithm it switches");
  heading->addWidget(show_);
  layout->addLayout(heading);
  table_ = table_of(&recommendations_, this);
  // The setting and the numbers whole; evidence and cost share the rest, wrapped.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  layout->addWidget(table_, 2);
  layout->addWidget(new QLabel("Crossovers of the machine's switch points (xo bench with the run's settings):", this));
  auto* crossovers = table_of(&crossovers_, this);
  crossovers->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  crossovers->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(crossovers, 1);
  connect(copy_, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(export_text()); });
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    show_->setEnabled(current.isValid());
    if (current.isValid()) emit recommendation_chosen(current.row(), false);
  });
  connect(table_, &QTableView::doubleClicked, this,
          [this](const QModelIndex& index) { emit recommendation_chosen(index.row(), true); });
  connect(show_, &QPushButton::clicked, this, [this] {
    const QModelIndex current = table_->currentIndex();
    if (current.isValid()) emit recommendation_chosen(current.row(), true);
  });
  clear();
}

void RecommendationsView::clear() {
  set_status("No trace analysed yet.");
  recommendations_.set_table({}, {});
  crossovers_.set_table({}, {});
  exports_->clear();
  copy_->setEnabled(false);
  show_->setEnabled(false);
}

void RecommendationsView::select_recommendation(int row) { table_->selectRow(row); }

void RecommendationsView::set_status(const QString& text) { status_->setText(text); }

QString RecommendationsView::export_text() const { return exports_->toPlainText(); }

void RecommendationsView::set_report(std::shared_ptr<const ReportData> report) {
  if (!report) return clear();
  recommendations_.set_table(report->recommendations.header, report->recommendations.rows,
                             report->recommendations.units);
  show_->setEnabled(false);
  if (recommendations_.columnCount() == 8) {  // evidence takes what is left, cost a wrapped column
    table_->horizontalHeader()->setSectionResizeMode(6, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(7, QHeaderView::Interactive);
    table_->horizontalHeader()->resizeSection(7, 240);
    table_->horizontalHeader()->setStretchLastSection(false);
  }
  table_->resizeRowsToContents();
  std::vector<QVariantList> rows;
  for (const CrossoverMark& c : report->crossovers) {
    // Point-to-point settings are sizes; a collective's may be elements or ranks (its finding says).
    const auto value = [&c](double v) { return c.point_to_point() ? QVariant(size_text(v)) : QVariant(v); };
    rows.push_back({c.variable, c.where, value(c.now), c.best ? value(*c.best) : QVariant(QString("?")),
                    c.crossing ? value(*c.crossing) : QVariant(QString("-")), c.finding});
  }
  crossovers_.set_table({"variable", "call", "now", "best", "crossing", "finding"}, rows);
  exports_->setPlainText(report->export_lines.join('\n'));
  copy_->setEnabled(!report->export_lines.isEmpty());
  set_status(report->export_lines.isEmpty()
                 ? report->recommendations.lines.join(' ')
                 : QString("%1 setting(s) predicted to make this run's communication faster:")
                       .arg(report->export_lines.size()));
}

}  // namespace xo::gui
