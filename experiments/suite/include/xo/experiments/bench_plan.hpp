#pragma once
// What `xo bench` runs on a machine: an mpptest-like set of benchmark runs, each one simulation
// traced into its own archive. The plan follows the machine's switch points: for each threshold it
// runs the benchmark with the machine's own setting and with the threshold pushed to either end of
// its range, so that both sides' protocols (or algorithms) are measured over the same sizes and the
// analyzer can fit both and find where they cross.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xo/hwmodels/machine.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::experiments {

enum class Suite { PointToPoint, Collective, All };

struct BenchRun {
  std::string name;     // unique, usable as a directory name: "pt2pt", "pt2pt.MPICH_MAX_SHORT_MSG_SIZE.below"
  std::string purpose;  // one line for progress and reports
  int ranks = 2;
  std::vector<std::pair<std::string, std::string>> environment;  // settings this run forces
  std::vector<std::string> argv;  // the program ("pingpong", "collective") and its arguments
};

struct BenchPlan {
  std::string machine;
  std::vector<BenchRun> runs;
};

// A collective call a traced run made, with its largest size in each unit a switch point counts.
struct RunCollective {
  std::string call;  // "MPI_Reduce"
  double largest_bytes_per_rank = 0;
  double largest_elements = 0;
};

// What a traced run asks of the bench (xo report): only the switch points of the collectives it
// made, swept over sizes that reach its own, and the barrier's branching only if it synchronised.
// Without a scope (xo bench) every switch point is measured.
struct BenchScope {
  std::vector<RunCollective> collectives;
};

// Throws std::invalid_argument for a rank count below 2 (a benchmark needs a partner).
BenchPlan plan_bench(const hw::Machine& machine, Suite suite, const std::vector<int>& ranks,
                     const std::optional<BenchScope>& scope = std::nullopt);

// The runs of `xo bench --mpi` on a real MPI (the launcher decides the ranks; the ping-pong is
// between rank 0 and the last): the ping-pong with the job's own settings, then once with each
// value the library's point-to-point switches for `path` (where the two ranks run) are swept over
// (hw::RealMpiKnob::bench_values), `reps` round trips a size; and for the collective suite each collective whose
// algorithm the library can force, with the job's own settings and with each algorithm (and the settings it requires),
// on MPI_COMM_WORLD. Run names are "pt2pt", "pt2pt.VARIABLE=VALUE", "coll.MPI_Call" and "coll.VARIABLE=VALUE".
BenchPlan plan_real_bench(const hw::RealMpi& mpi, Suite suite, int reps, hw::RealMpiPath path);

// The largest size per rank a collective sweep on `ranks` ranks may reach: its buffers hold every
// rank's block on every rank for all-to-all calls, one block per rank otherwise, and the sweep's
// payload stays within a fixed memory budget whatever the rank count.
long long largest_affordable_size(const std::string& call, int ranks);

// The largest message the sweeps reach: the ping-pong's, on a machine model and on a real MPI
// alike, and a machine model's collective sweeps' per rank.
inline constexpr long long kLargestSweepBytes = 1 << 20;

// The message sizes of the point-to-point sweep: 0, then 1 B to `largest` with four sizes per
// octave (2^(k/4) rounded), so breakpoints are located to within 19 %.
std::vector<long long> message_sizes(long long largest);

}  // namespace xo::experiments
