#pragma once
// The bench behind xo report: the machine model benchmarked with the traced run's settings, sized
// to the run's questions (only the switch points of the collectives it made), one bench run at a
// time in a scratch directory, and each run's samples kept in the history's bench cache under a
// key naming all that determines them, so that a second report of the same setup simulates
// nothing.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/db/history.hpp"
#include "xo/hwmodels/machine.hpp"

namespace xo::cli {

// How a Crossover trace's run was set up, in the forms xo takes settings in.
struct RecordedRun {
  std::string machine;
  int ranks = 0;
  std::vector<std::string> params;  // "key=value"
  std::map<std::string, std::string> environment;
};

// `cache`: the history to read and fill the bench cache in; none to simulate every run.
analyzer::report::BenchSummary bench_for_report(const hw::Machine& machine, const RecordedRun& run,
                                                const std::vector<analyzer::CollectiveSample>& collectives,
                                                db::History* cache);

}  // namespace xo::cli
