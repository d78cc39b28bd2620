#pragma once
// The call around an RMA synchronisation record (rma_sync_table.hpp), as the report's wait states
// and the GUI's epochs read it: its span and name, or the record's own instant and no name where
// no call holds it (a foreign trace's record).

#include <string_view>

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct RmaCallSpan {
  double enter;
  double leave;
};

inline RmaCallSpan rma_call_span(const TraceModel& m, const RmaSyncEvent& e) {
  if (e.call == kNoIndex) return {e.time, e.time};
  return {m.calls.enter[e.call], m.calls.leave[e.call]};
}

inline std::string_view rma_call_name(const TraceModel& m, const RmaSyncEvent& e) {
  return e.call == kNoIndex ? std::string_view() : std::string_view(m.regions.name[m.calls.region[e.call]]);
}

}  // namespace xo::analyzer
