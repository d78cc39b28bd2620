#pragma once
// The Summary of a run's profile (xo record --profile, tracer/run_profile.hpp) in the shape a
// trace's analysis has: time in MPI by call, by collective algorithm and by protocol path, per rank,
// message sizes and the communication matrix. What needs events (call sites, wait states, waiting
// per rank, end-to-end times, fits) is left empty and said in `needs_trace`.

#include "model/trace_analysis.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::gui {

struct LoadedProfile {
  QString path;  // as the user gave it
  QString file;  // the profile.xop read
  QString machine;
  int ranks = 0;

  QString title() const;  // "ring on xt3, 8 ranks (profile)"
};

LoadedProfile describe_profile(const QString& path, const QString& file, const tracer::RunProfile& profile);
TraceAnalysis analyse_profile(const tracer::RunProfile& profile);

}  // namespace xo::gui
