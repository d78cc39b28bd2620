#pragma once
// What `xo report` recommends for the trace: the `export` lines (to copy), each with its
// predicted saving, evidence and cost, and the crossovers they come from. Shows "computing
// recommendations..." while the report runs and its error text if it fails. Selecting a
// recommendation shows, in the timeline, the messages it moves or the calls it switches.

#include <QWidget>
#include <memory>

#include "model/report_data.hpp"
#include "model/table_model.hpp"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace xo::gui {

class RecommendationsView : public QWidget {
  Q_OBJECT

 public:
  explicit RecommendationsView(QWidget* parent = nullptr);

  void set_status(const QString& text);  // computing, failed, no bench
  void set_report(std::shared_ptr<const ReportData> report);
  void clear();
  QString export_text() const;
  TableModel& recommendations() { return recommendations_; }
  // Selects a recommendation, as a click on its row does.
  void select_recommendation(int row);

 signals:
  // A recommendation's row was selected; `show`: the user asked to see it in the timeline
  // (double-click, or the button).
  void recommendation_chosen(int row, bool show);

 private:
  TableModel recommendations_, crossovers_;
  QLabel* status_ = nullptr;
  QPlainTextEdit* exports_ = nullptr;
  QPushButton* copy_ = nullptr;
  QPushButton* show_ = nullptr;
  QTableView* table_ = nullptr;
};

}  // namespace xo::gui
