#pragma once
// The timeline's legend (View > Legend, L): every colour the trace's timeline uses, grouped as
// legend_groups() gives them, with how often each occurs, and the grey of a pixel that holds
// several kinds at once.

#include <QTreeWidget>

#include "model/timeline_data.hpp"

namespace xo::gui {

class TimelineLegend : public QTreeWidget {
  Q_OBJECT

 public:
  explicit TimelineLegend(QWidget* parent = nullptr);
  void set_data(const TimelineData* data);  // nullptr: empty
};

}  // namespace xo::gui
