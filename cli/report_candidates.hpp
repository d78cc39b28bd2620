#pragma once
// xo report's recommendations tried on the program itself (analyzer::report::CandidateSimulation):
// the traced program recorded again with --compute=none, with the trace's settings, with each
// recommendation alone, and with the growing set of those that still help together.

#include <vector>

#include "report_bench.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::cli {

// Not simulated (with the reason) when there is nothing to try or the program is not where the
// trace says. Throws std::runtime_error if a recording fails.
analyzer::report::CandidateSimulation simulate_candidates(const analyzer::TraceModel& trace,
                                                          const RecordedRun& recorded,
                                                          const std::vector<analyzer::Recommendation>& recommendations);

}  // namespace xo::cli
