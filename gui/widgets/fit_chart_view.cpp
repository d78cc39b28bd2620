#include "widgets/fit_chart_view.hpp"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "model/display_text.hpp"

namespace xo::gui {

FitChartView::FitChartView(QWidget* parent) : QWidget(parent), chart_(new QChart), status_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  chart_->setAnimationOptions(QChart::NoAnimation);
  chart_->legend()->setAlignment(Qt::AlignRight);
  auto* view = new QChartView(chart_, this);
  view->setRenderHint(QPainter::Antialiasing);
  layout->addWidget(view, 1);
  clear();
}

void FitChartView::clear() {
  analysis_.reset();
  report_.reset();
  status_text_ = "No trace analysed yet.";
  rebuild();
}

void FitChartView::set_analysis(std::shared_ptr<const TraceAnalysis> analysis, const CategoryTable* colours) {
  analysis_ = std::move(analysis);
  colours_ = colours;
  rebuild();
}

void FitChartView::set_report(std::shared_ptr<const ReportData> report) {
  report_ = std::move(report);
  rebuild();
}

void FitChartView::set_status(const QString& text) {
  status_text_ = text;
  show_status();
}

QString FitChartView::status() const { return status_->text(); }

void FitChartView::show_status() {
  status_->setText(empty_reason_.isEmpty() ? status_text_ : status_text_ + "\n" + empty_reason_);
}

void FitChartView::rebuild() {
  chart_->removeAllSeries();
  for (QAbstractAxis* axis : chart_->axes()) chart_->removeAxis(axis);
  chart_->setTitle("End-to-end time against message size");
  empty_reason_.clear();
  if (!analysis_) return show_status();
  const FitChartData& fits = analysis_->fits;
  double x_lo = std::numeric_limits<double>::max(), x_hi = 0, y_lo = x_lo, y_hi = 0;
  auto widen = [&](double x, double y) {
    x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x), y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
  };
  std::vector<QXYSeries*> series;
  for (const ProtocolPoints& p : fits.protocols) {
    auto* s = new QScatterSeries;
    s->setName(QString("%1 (%2 messages)").arg(p.protocol).arg(p.samples));
    s->setMarkerSize(7);
    if (colours_) {
      if (const auto id = colours_->find(p.protocol); id != CategoryTable::kNone) s->setColor(colours_->colour(id));
    }
    s->setBorderColor(Qt::transparent);
    for (const QPointF& point : p.points) {
      s->append(point.x(), point.y() * 1e6);
      widen(point.x(), point.y() * 1e6);
    }
    series.push_back(s);
  }
  if (series.empty()) {
    empty_reason_ = !analysis_->needs_trace.isEmpty()
                        ? QString(
                              "Nothing to plot: a profile keeps no message's end-to-end time; the fits need a "
                              "trace (xo record without --profile).")
                    : fits.zero_byte_samples > 0
                        ? QString(
                              "Nothing to plot: the %1 messages with an end-to-end time are all empty (0 bytes), "
                              "and a log axis has no place for 0.")
                              .arg(fits.zero_byte_samples)
                        : QString(
                              "Nothing to plot: no point-to-point message of this trace has an end-to-end time "
                              "(a send matched with its receive); collectives are in the Summary.");
    return show_status();
  }
  if (fits.curve.empty()) empty_reason_ = "No fitted curve: " + fits.note;
  // The run's and the best settings belong on the chart: the size axis widens to hold them.
  if (report_) {
    for (const CrossoverMark& c : report_->crossovers) {
      if (!c.point_to_point()) continue;
      for (const std::optional<double>& v : {std::optional<double>(c.now), c.best, c.crossing}) {
        if (v && *v > 0) x_lo = std::min(x_lo, *v), x_hi = std::max(x_hi, *v);
      }
    }
  }
  if (!fits.curve.empty()) {
    auto* curve = new QLineSeries;
    curve->setName("segmented fit (this trace)");
    curve->setPen(QPen(Qt::black, 2));
    for (const QPointF& point : fits.curve) curve->append(point.x(), point.y() * 1e6);
    series.push_back(curve);
  }
  // Whole decades, so a log axis always has labelled ticks.
  const auto decade_below = [](double v) { return std::pow(10.0, std::floor(std::log10(v))); };
  const auto decade_above = [](double v) { return std::pow(10.0, std::floor(std::log10(v)) + 1); };
  const double y_bottom = decade_below(y_lo), y_top = decade_above(y_hi);
  const double x_left = decade_below(x_lo), x_right = decade_above(x_hi);
  auto vertical = [&](double x, QString name, QPen pen) {
    if (!(x > 0)) {
      name += " (drawn at the left edge)";
      x = x_left;
    }
    x = std::clamp(x, x_left, x_right);
    auto* line = new QLineSeries;
    line->setName(name);
    line->setPen(pen);
    line->append(x, y_bottom);
    line->append(x, y_top);
    series.push_back(line);
  };
  for (const FitBreakpoint& b : fits.breakpoints) {
    vertical(std::sqrt(b.left_bytes * b.right_bytes),
             QString("breakpoint %1-%2 B").arg(b.left_bytes).arg(b.right_bytes), QPen(Qt::darkGray, 1.5, Qt::DashLine));
  }
  if (report_) {
    for (const CrossoverMark& c : report_->crossovers) {
      if (!c.point_to_point()) continue;
      if (c.crossing)
        vertical(*c.crossing, QString("%1 crossover %2").arg(c.variable, size_text(*c.crossing)),
                 QPen(QColor(200, 30, 30), 2));
      vertical(c.now, QString("%1 now %2").arg(c.variable, size_text(c.now)),
               QPen(QColor(30, 90, 200), 1.5, Qt::DotLine));
      if (c.best && *c.best != c.now) {
        vertical(*c.best, QString("%1 best %2").arg(c.variable, size_text(*c.best)),
                 QPen(QColor(20, 150, 60), 1.5, Qt::DashDotLine));
      }
    }
  }
  auto* x_axis = new QLogValueAxis;
  x_axis->setBase(10);
  x_axis->setTitleText("message size (bytes)");
  x_axis->setLabelFormat("%g");
  x_axis->setRange(x_left, x_right);
  auto* y_axis = new QLogValueAxis;
  y_axis->setBase(10);
  y_axis->setTitleText("end-to-end time (us)");
  y_axis->setLabelFormat("%g");
  y_axis->setRange(y_bottom, y_top);
  chart_->addAxis(x_axis, Qt::AlignBottom);
  chart_->addAxis(y_axis, Qt::AlignLeft);
  for (QXYSeries* s : series) {
    chart_->addSeries(s);
    s->attachAxis(x_axis);
    s->attachAxis(y_axis);
  }
  // Why there is no curve is in the status line above the chart.
  if (fits.zero_byte_samples > 0) {
    chart_->setTitle(chart_->title() +
                     QString(" - %1 zero-byte messages are not on the log axis").arg(fits.zero_byte_samples));
  }
  show_status();
}

}  // namespace xo::gui
