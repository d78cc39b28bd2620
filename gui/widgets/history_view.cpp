#include "widgets/history_view.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace xo::gui {

HistoryView::HistoryView(QWidget* parent)
    : QWidget(parent),
      status_(new QLabel("Reading the history...", this)),
      figure_(new QComboBox(this)),
      trend_(new QChart) {
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  auto* split = new QSplitter(Qt::Horizontal, this);
  auto* table = new QTableView(split);
  table->setModel(&model_);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);
  table->horizontalHeader()->setResizeContentsPrecision(200);  // widths from the first rows: a long history stays quick
  table->setWordWrap(false);
  connect(&model_, &QAbstractItemModel::modelReset, table, &QTableView::resizeColumnsToContents);
  split->addWidget(table);
  auto* right = new QWidget(split);
  auto* right_layout = new QVBoxLayout(right);
  auto* pick = new QHBoxLayout;
  pick->addWidget(new QLabel("Trend of", right));
  pick->addWidget(figure_, 1);
  right_layout->addLayout(pick);
  trend_->setAnimationOptions(QChart::NoAnimation);
  trend_->legend()->hide();
  right_layout->addWidget(new QChartView(trend_, right), 1);
  split->addWidget(right);
  layout->addWidget(split, 1);
  connect(figure_, &QComboBox::currentTextChanged, this, &HistoryView::show_trend);
}

void HistoryView::set_unavailable(const QString& why) {
  status_->setText(why);
  model_.set_rows({});
  figure_->clear();
}

void HistoryView::set_rows(std::shared_ptr<const std::vector<HistoryRow>> rows) {
  model_.set_rows(rows ? *rows : std::vector<HistoryRow>{});
  status_->setText(model_.rows().empty() ? QString("The history has no runs yet: `xo bench` adds them.")
                                         : QString("%1 figures of the benchmark history").arg(model_.rows().size()));
  figure_->clear();
  figure_->addItems(history_figures(model_.rows()));
}

void HistoryView::show_trend(const QString& figure) {
  trend_->removeAllSeries();
  for (QAbstractAxis* axis : trend_->axes()) trend_->removeAxis(axis);
  const auto points = history_trend(model_.rows(), figure);
  if (points.empty()) return;
  auto* line = new QLineSeries;
  auto* dots = new QScatterSeries;
  dots->setMarkerSize(8);
  double lo = points.front().y(), hi = lo;
  for (const QPointF& p : points) {
    line->append(p);
    dots->append(p);
    lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  }
  const double pad = hi > lo ? (hi - lo) * 0.1 : std::max(1e-12, std::abs(hi) * 0.1);
  auto* x = new QValueAxis;
  x->setTitleText("run");
  x->setLabelFormat("%d");
  x->setRange(points.front().x() - 0.5, points.back().x() + 0.5);
  // Ticks on whole run numbers only, at most about eight of them.
  x->setTickType(QValueAxis::TicksDynamic);
  x->setTickAnchor(points.front().x());
  x->setTickInterval(std::max(1.0, std::ceil((points.back().x() - points.front().x()) / 8)));
  auto* y = new QValueAxis;
  y->setTitleText(figure);
  y->setRange(lo - pad, hi + pad);
  trend_->addAxis(x, Qt::AlignBottom);
  trend_->addAxis(y, Qt::AlignLeft);
  for (QXYSeries* s : std::initializer_list<QXYSeries*>{line, dots}) {
    trend_->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
  }
}

}  // namespace xo::gui
