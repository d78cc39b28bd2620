#pragma once
// The benchmark history: every figure of every run (HistoryModel) and one figure's trend over
// the runs. Fed plain rows by the loader; says why when there is no history.

#include <QWidget>
#include <memory>
#include <vector>

#include "model/history_rows.hpp"

class QChart;
class QComboBox;
class QLabel;

namespace xo::gui {

class HistoryView : public QWidget {
  Q_OBJECT

 public:
  explicit HistoryView(QWidget* parent = nullptr);

  void set_rows(std::shared_ptr<const std::vector<HistoryRow>> rows);
  void set_unavailable(const QString& why);
  HistoryModel& model() { return model_; }

 private:
  void show_trend(const QString& figure);

  HistoryModel model_;
  QLabel* status_ = nullptr;
  QComboBox* figure_ = nullptr;
  QChart* trend_ = nullptr;
};

}  // namespace xo::gui
