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
    : QWidget(parent), status_(new QLabel(this)), exports_(new QPlainTextEdit(this)), copy_(new QPushButton("Copy export lines", this)) {
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  auto* lines = new QHBoxLayout;
  exports_->setReadOnly(true);
  exports_->setMaximumHeight(90);
  exports_->setFont(QFont("monospace"));
  lines->addWidget(exports_, 1);
  lines->addWidget(copy_, 0, Qt::AlignTop);
  layout->addLayout(lines);
  layout->addWidget(new QLabel("Recommendations (predicted saving by the bench's fitted models; evidence; cost):", this));
  layout->addWidget(table_of(&recommendations_, this), 2);
  layout->addWidget(new QLabel("Crossovers of the machine's switch points (xo bench with the run's settings):", this));
  layout->addWidget(table_of(&crossovers_, this), 1);
  connect(copy_, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(export_text()); });
  clear();
}

void RecommendationsView::clear() {
  set_status("No trace analysed yet.");
  recommendations_.set_table({}, {});
  crossovers_.set_table({}, {});
  exports_->clear();
  copy_->setEnabled(false);
}

void RecommendationsView::set_status(const QString& text) { status_->setText(text); }

QString RecommendationsView::export_text() const { return exports_->toPlainText(); }

void RecommendationsView::set_report(std::shared_ptr<const ReportData> report) {
  if (!report) return clear();
  recommendations_.set_table(report->recommendations.header, report->recommendations.rows,
                             report->recommendations.units);
  std::vector<QVariantList> rows;
  for (const CrossoverMark& c : report->crossovers) {
    rows.push_back({c.variable, c.where, c.now, c.best ? QVariant(*c.best) : QVariant(QString("?")),
                    c.crossing ? QVariant(*c.crossing) : QVariant(QString("-")), c.finding});
  }
  crossovers_.set_table({"variable", "call", "now", "best", "crossing", "finding"}, rows);
  exports_->setPlainText(report->export_lines.join('\n'));
  copy_->setEnabled(!report->export_lines.isEmpty());
  set_status(report->export_lines.isEmpty()
                 ? report->recommendations.lines.join(' ')
                 : QString("%1 setting(s) predicted to make this run's communication faster:").arg(report->export_lines.size()));
}

}  // namespace xo::gui
