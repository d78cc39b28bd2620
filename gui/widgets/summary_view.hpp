#pragma once
// The summary of one trace: time in MPI by call and by protocol or algorithm, wait states, per
// rank computation and waiting with the load imbalance, the message size histogram and the
// communication matrix (bytes, messages or time, with its colour scale).

#include <QWidget>
#include <memory>

#include "model/comm_matrix_model.hpp"
#include "model/table_model.hpp"
#include "model/trace_analysis.hpp"

class QChart;
class QComboBox;
class QLabel;

namespace xo::gui {

class SummaryView : public QWidget {
  Q_OBJECT

 public:
  explicit SummaryView(QWidget* parent = nullptr);

  void set_analysis(std::shared_ptr<const TraceAnalysis> analysis);
  void clear();

  TableModel& by_call() { return by_call_; }
  TableModel& by_protocol() { return by_protocol_; }
  TableModel& by_call_site() { return by_call_site_; }
  TableModel& waits() { return waits_; }
  TableModel& by_rank() { return by_rank_; }
  void set_matrix_measure(MatrixMeasure measure);
  QString headline() const;

 signals:
  // A row of the call-site table was double-clicked: its call and site.
  void call_site_chosen(const QString& call, const xo::analyzer::CallSite& site);

 public:
  // As a double-click on row `row` of the call-site table (the analysis' order) does.
  void choose_call_site(int row);
  CommMatrixModel& matrix() { return matrix_; }

 private:
  void update_scale();

  std::shared_ptr<const TraceAnalysis> analysis_;
  TableModel by_call_, by_call_site_, by_protocol_, waits_, by_rank_;
  CommMatrixModel matrix_;
  QLabel* balance_ = nullptr;
  QLabel* scale_ = nullptr;
  QLabel* scale_most_ = nullptr;
  QComboBox* measure_ = nullptr;
  QLabel* headline_ = nullptr;
  QLabel* waits_note_ = nullptr;
  QChart* histogram_ = nullptr;
};

}  // namespace xo::gui
