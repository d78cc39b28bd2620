#pragma once
// What the timeline brings out when a recommendation is selected: the messages it moves to another
// protocol (its protocol and size range, from xo report), or the calls of the collective whose
// algorithm it switches; with a sentence saying what they are.

#include <QString>
#include <cstdint>
#include <vector>

#include "model/report_data.hpp"
#include "model/timeline_data.hpp"

namespace xo::gui {

struct TimelineHighlight {
  std::vector<analyzer::Index> messages;  // MessageTable rows, by send time
  std::vector<std::uint32_t> spans;       // TimelineData spans (calls), ascending
  QString description;                    // "15 messages of 2 KiB (short), which MPICH_MAX_VSHORT_MSG_SIZE=2048 moves"

  bool empty() const { return messages.empty() && spans.empty(); }
};

TimelineHighlight highlight_recommendation(const TimelineData& data, const RecommendationTarget& target,
                                           const QString& setting);

}  // namespace xo::gui
