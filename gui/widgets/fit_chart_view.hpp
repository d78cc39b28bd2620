#pragma once
// The fit chart: each protocol's messages (end-to-end time against bytes, log axes), the
// segmented fit's piecewise curve and breakpoints from this trace, and the crossovers of the
// machine's point-to-point switch points that `xo report` measured (marked once the report is in).
// The run's and the best settings are always on the chart: the size axis widens to hold them, and
// a setting a log axis cannot show (0) is marked at the left edge with a label saying so. An empty
// chart says why.

#include <QWidget>
#include <memory>

#include "model/category_table.hpp"
#include "model/report_data.hpp"
#include "model/trace_analysis.hpp"

class QChart;
class QLabel;

namespace xo::gui {

class FitChartView : public QWidget {
  Q_OBJECT

 public:
  explicit FitChartView(QWidget* parent = nullptr);

  // `colours`: the timeline's, so a protocol has one colour everywhere.
  void set_analysis(std::shared_ptr<const TraceAnalysis> analysis, const CategoryTable* colours);
  void set_report(std::shared_ptr<const ReportData> report);
  void set_status(const QString& text);
  void clear();
  QChart* chart() const { return chart_; }
  // Why the chart shows no points or no fit, in words; empty when it shows both.
  const QString& empty_reason() const { return empty_reason_; }
  QString status() const;

 private:
  void rebuild();
  void show_status();

  std::shared_ptr<const TraceAnalysis> analysis_;
  std::shared_ptr<const ReportData> report_;
  const CategoryTable* colours_ = nullptr;
  QChart* chart_ = nullptr;
  QLabel* status_ = nullptr;
  QString status_text_;  // what runs (the report's progress) or ran
  QString empty_reason_;
};

}  // namespace xo::gui
