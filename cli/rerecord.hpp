#pragma once
// The traced program recorded again by xo itself, with other settings: what xo report's
// candidate simulation and --verify do. The program must be where the trace says (run from the
// directory it was recorded in); its own output goes to stderr, so a report on stdout stays whole.

#include <map>
#include <string>

#include "report_bench.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/run_description.hpp"

namespace xo::cli {

// Records into `dir` (replacing a trace there) with `environment` and `compute_mode`, and returns
// the recording's profile. Throws std::runtime_error naming the fix if the recording fails.
analyzer::MpiProfile rerecord(const analyzer::CrossoverRun& run, const RecordedRun& recorded,
                              const std::map<std::string, std::string>& environment, const std::string& compute_mode,
                              const std::string& dir, const std::string& why);

}  // namespace xo::cli
