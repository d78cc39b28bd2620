#pragma once
// xo report --verify: the traced run recorded again with the recommended settings, and what that
// checks said plainly. Under --compute=none the simulation is deterministic, so one recording
// shows whether the measured change matches the prediction: the model's consistency with itself
// (the bench and the run share the model), not a real machine's verdict. Under --compute=measured
// the program's computation is timed on this host and varies from run to run, so both sides are
// recorded `runs` times, interleaved, and compared by their medians and ranges: a change is called
// larger than the noise only when every run of one side beats every run of the other and that is
// unlikely by chance (Mann-Whitney's U = 0: p = 2 / C(2n, n), 0.008 for 5 runs a side). A real
// MPI's job is run again by its own command and judged the same way.

#include <optional>
#include <vector>

#include "report_bench.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::cli {

struct Verification {
  analyzer::report::VerificationResult result;
  // The recording with the settings whose MPI time is the median (the only one under none).
  analyzer::MpiProfile measured;
};

// None when there is nothing to verify. Throws std::runtime_error naming the fix if a recording
// fails (the program must be where the trace says it was).
std::optional<Verification> verify_recommendations(const analyzer::TraceModel& trace, const RecordedRun& recorded,
                                                   const std::vector<analyzer::Recommendation>& recommendations,
                                                   const analyzer::MpiProfile& before, int runs);

// A real MPI's job (xo record --mpi) run again by its own command, `runs` times a side, with and
// without the settings, interleaved; judged as under measured computation. None when there is
// nothing to verify. Throws std::runtime_error if the job fails when run again.
std::optional<Verification> verify_real_job(const analyzer::TraceModel& trace,
                                            const std::vector<analyzer::Recommendation>& recommendations,
                                            const analyzer::MpiProfile& before, int runs);

// The chance that n runs of each side all fall on one side of each other if the settings changed
// nothing (two-sided, exact): 2 / C(2n, n).
double separation_p_value(int runs_per_side);

}  // namespace xo::cli
