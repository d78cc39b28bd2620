#pragma once
// What the timeline's legend lists: every colour the trace's timeline uses and what it means, in
// groups (MPI calls; protocol phases by family, phase_kind.hpp; messages by protocol; collective
// instances by algorithm; one-sided epochs by kind), each entry with how often it occurs, most used
// first.

#include <QColor>
#include <QString>
#include <cstdint>
#include <vector>

#include "model/timeline_data.hpp"

namespace xo::gui {

struct LegendEntry {
  QString name;
  QColor colour;
  std::uint64_t uses = 0;
};

struct LegendGroup {
  QString title;  // "MPI calls", "phases: control messages", "messages by protocol"
  std::vector<LegendEntry> entries;
};

std::vector<LegendGroup> legend_groups(const TimelineData& data);

}  // namespace xo::gui
