#pragma once
// xo bench --mpi: the bench's ping-pong run on the system's own MPI under the user's launcher,
// traced by the PMPI tracer as xo record --mpi traces a job, once with the job's own settings and
// once with each value of the library's point-to-point switches; the half round trips by size say
// where its protocols change and which setting is faster where (analysis/real_bench_analysis.hpp).

#include <string>
#include <vector>

#include "history_option.hpp"
#include "xo/experiments/bench_plan.hpp"

namespace xo::cli {

struct RealBenchOptions {
  std::string mpi;      // system, openmpi or mpich
  std::string out_dir;  // default MPI-bench
  bool force = false;
  experiments::Suite suite = experiments::Suite::All;
  int reps = 100;                         // round trips a size
  int repetitions = 3;                    // rounds: every setting once a round, interleaved
  std::vector<std::string> launcher;      // mpirun -np 2
  std::vector<std::string> command_line;  // xo bench ..., as typed
  HistoryChoice history;
};

// 0 when every run was traced, 1 when some job failed (the others are still analysed).
int bench_real_mpi(const RealBenchOptions& options);

}  // namespace xo::cli
