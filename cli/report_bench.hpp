#pragma once
// The bench behind xo report: the machine model benchmarked with the traced run's settings, sized
// to the run's questions (only the switch points of the collectives it made), one bench run at a
// time in a scratch directory, and each run's samples kept in the history's bench cache under a
// key naming all that determines them, so that a second report of the same setup simulates
// nothing.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
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

struct ReportBench {
  analyzer::BenchAnalysis analysis;
  int ranks = 0;                   // of the collective sweeps
  std::size_t runs = 0;            // bench runs in the plan
  std::size_t collective_runs = 0;  // of them, collective sweeps
  std::size_t cached = 0;          // of them, taken from the cache
  std::vector<std::string> unasked;  // collective calls with switch points the run did not make
};

// `cache`: the history to read and fill the bench cache in; none to simulate every run.
ReportBench bench_for_report(const hw::Machine& machine, const RecordedRun& run,
                             const std::vector<analyzer::CollectiveSample>& collectives, db::History* cache);

}  // namespace xo::cli
