#pragma once
// The bar under the find bar: which ranks the timeline shows (a list such as 0-15,32, or a
// communicator's name), how densely it draws messages, whether every rank's lanes are expanded,
// and whether the legend shows. The bar only edits; the main window applies.

#include <QWidget>

#include "model/timeline_renderer.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace xo::gui {

class TimelineControls : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineControls(QWidget* parent = nullptr);

  void set_rank_problem(const QString& problem);  // shown beside the field; empty clears it
  void set_ranks_shown(const QString& description);
  void set_lanes_expanded(bool expanded);
  void set_legend_shown(bool shown);
  void set_density(MessageDensity density);
  void focus_ranks();
  QLineEdit& ranks_field() { return *ranks_; }

 signals:
  void rank_filter_entered(const QString& text);
  void density_chosen(xo::gui::MessageDensity density);
  void lanes_expanded_toggled(bool expanded);
  void legend_toggled(bool shown);

 private:
  QLineEdit* ranks_ = nullptr;
  QLabel* shown_ = nullptr;
  QComboBox* density_ = nullptr;
  QCheckBox* lanes_ = nullptr;
  QCheckBox* legend_ = nullptr;
};

}  // namespace xo::gui
