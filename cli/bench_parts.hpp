#pragma once
// A bench plan split over machines: `xo bench --part I/N` runs every N-th run of the plan from the
// I-th into the shared output directory (a Slurm job array, or one rank per sweep part under the
// cluster's own mpirun), and `xo bench --merge` analyses them once every part has run. The plan
// is deterministic, so every part computes the same one; each part leaves a stamp with the plan's
// fingerprint and the runs that failed in it, and the merge refuses parts of another plan or a plan
// with runs missing; a run a part reports failed counts as it would in a whole bench: named, and
// analysed only if it left a trace.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "xo/experiments/bench_plan.hpp"

namespace xo::cli {

struct BenchPart {
  int index = 0;  // 1-based; 0: the whole plan
  int count = 0;
};

// Parses "I/N" (1 <= I <= N <= 100000); throws UsageError naming the form.
BenchPart parse_bench_part(const std::string& text);

// The indices of the plan's runs that part `part` runs: I-1, I-1+N, ... (strided, so each part
// gets small and large runs alike).
std::vector<std::size_t> runs_of_part(std::size_t runs, const BenchPart& part);

// What a run's figures depend on besides the xo build: machine, settings and every run.
std::string plan_fingerprint(const experiments::BenchPlan& plan, const std::vector<std::string>& params,
                             const std::map<std::string, std::string>& environment);

struct FailedRun {
  std::string name;
  std::string error;
};

// Leaves the part's stamp in `dir`: its fingerprint, so the merge can check it, and the runs that
// failed.
void stamp_part(const std::string& dir, const BenchPart& part, const std::string& fingerprint,
                const std::vector<FailedRun>& failed);

struct MergedRuns {
  std::vector<std::string> anchors;  // the trace of every run that left one, in plan order
  std::vector<FailedRun> failed;     // the runs the parts reported failed, in plan order
};

// The plan's runs in `dir`; throws std::runtime_error naming the runs that neither left a trace
// nor were reported failed by a part, or a part stamped with another plan's fingerprint.
MergedRuns merge_parts(const std::string& dir, const experiments::BenchPlan& plan, const std::string& fingerprint);

}  // namespace xo::cli
