#pragma once
// Find in the timeline: the calls of a name (any call whose name contains the text, ignoring case),
// of a rank, or that sent or received a message with a tag. Matches are spans, in rank order and by
// time within a rank (the spans' own order, so no sort over millions of matches).

#include <QString>
#include <cstdint>
#include <vector>

#include "model/timeline_data.hpp"

namespace xo::gui {

enum class FindField { Call, Rank, Tag };

struct FindResult {
  std::vector<std::uint32_t> spans;
  QString error;  // what was wrong with the text; empty if it was understood
};

FindResult find_spans(const TimelineData& data, FindField field, const QString& text);

// The longest `call` (an MPI call's name) the program made at `site`, for the summary's call-site
// table to show one in the timeline; TimelineData::kNoSpan if there is none.
std::uint32_t longest_call_at(const TimelineData& data, const QString& call, const analyzer::CallSite& site);

}  // namespace xo::gui
