#pragma once
// What a worker hands the GUI for one trace, immutable once made: first the model and the
// timeline (enough for the first frame), then the analysis the views show. The analyzer does the
// work (profile_mpi, find_wait_states, message samples, fit_segmented); this only arranges it.

#include <QString>
#include <memory>

#include "model/fit_chart_data.hpp"
#include "model/message_statistics.hpp"
#include "model/report_data.hpp"
#include "model/timeline_data.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"

namespace xo::gui {

struct LoadedTrace {
  QString path;    // as the user gave it
  QString anchor;  // the traces.otf2 read
  TimelineData timeline;

  const analyzer::TraceModel& model() const { return *timeline.model; }
  QString title() const;  // "ring on xt3, 8 ranks"
};

struct TraceAnalysis {
  analyzer::MpiProfile profile;
  ReportTableData by_call;       // time in MPI by call
  ReportTableData by_call_site;  // by call site (where the program made the call), if the trace names them
  std::vector<analyzer::CallSite> call_sites;  // by row of by_call_site
  ReportTableData by_protocol;                 // by protocol or collective algorithm
  ReportTableData waits;                       // wait states by pattern and protocol
  ReportTableData by_rank;  // per rank: computation, MPI, waiting, waiting caused, waiting rooted in it
  QString balance;          // "load imbalance 12.4 % (max over mean computation); rank 3 computes most"
  MessageStatistics messages;
  FitChartData fits;
  // Empty for a trace; for a profile (xo record --profile), what it cannot show because that needs
  // events, in a sentence for the views.
  QString needs_trace;
};

// A trace directory's anchor (DIR/traces.otf2), or the path itself.
QString anchor_of(const QString& path);

TraceAnalysis analyse_trace(const analyzer::TraceModel& model);
// The tables by call, by call site and by protocol or algorithm, from `a.profile`.
void add_mpi_time_tables(TraceAnalysis& a);

}  // namespace xo::gui
