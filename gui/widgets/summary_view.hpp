#pragma once
// The summary of one trace: time in MPI by call and by protocol or algorithm, wait states, the
// message size histogram and the communication matrix.

#include <QWidget>
#include <memory>

#include "model/comm_matrix_model.hpp"
#include "model/table_model.hpp"
#include "model/trace_analysis.hpp"

class QChart;
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
  CommMatrixModel& matrix() { return matrix_; }

 private:
  TableModel by_call_, by_call_site_, by_protocol_, waits_;
  CommMatrixModel matrix_;
  QLabel* headline_ = nullptr;
  QLabel* waits_note_ = nullptr;
  QChart* histogram_ = nullptr;
};

}  // namespace xo::gui
