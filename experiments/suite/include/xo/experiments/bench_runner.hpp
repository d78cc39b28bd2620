#pragma once
// Runs a bench plan: every run simulated with the OTF2 writer attached, each into its own archive
// under one directory, with --compute=none so the figures are the model's alone; `jobs` at once,
// each in a process of its own (parallel_runs.hpp), or in this process one after another.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "xo/experiments/bench_plan.hpp"

namespace xo::experiments {

struct BenchSettings {
  std::vector<std::string> params;                 // --param key=value, for every run
  std::map<std::string, std::string> environment;  // -e VAR=value, for every run (a run's own settings win)
  std::string creator;                             // "xo 0.1.0"
  std::string command_line;                        // the xo bench command, kept in every trace
  int jobs = 1;                                    // runs at once (xo bench: one per core)
};

struct RunOutcome {
  std::string name;
  std::string anchor;  // <dir>/<name>/traces.otf2; empty if the machine refused the run's settings
  std::uint64_t events = 0;
  double virtual_seconds = 0;
  std::string error;  // empty when the run succeeded
};

// Called before each run starts (done = runs finished so far; with several jobs, several runs may
// start at one `done`) and once at the end (done = total).
using BenchProgress = std::function<void(std::size_t done, std::size_t total, const std::string& purpose)>;

// `out_dir` must exist; a run's directory must not hold a trace yet. Throws std::runtime_error if a
// trace cannot be written (the directory named); a run that fails, or whose settings the machine
// refuses, is reported in its outcome.
std::vector<RunOutcome> run_bench(const BenchPlan& plan, const BenchSettings& settings, const std::string& out_dir,
                                  const BenchProgress& progress = {});

}  // namespace xo::experiments
