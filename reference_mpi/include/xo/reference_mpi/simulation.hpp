#pragma once
// Running an MPI program on a simulated machine: the C++ entry point under `xo run`, the tests
// and the benchmarks. Each rank calls `main` on its own fiber; ranks share the globals of whatever
// `main` they are given (program/ gives each rank its own copy of the program).

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "xo/reference_mpi/protocol_phase.hpp"
#include "xo/reference_mpi/rank_switch_listener.hpp"
#include "xo/reference_mpi/run_observer.hpp"

namespace xo::mpi {

enum class ComputeMode {
  None,      // time between MPI calls is free: fully deterministic
  Measured,  // host thread CPU time between MPI calls, scaled by the machine's cpu_factor
};

struct SimulationOptions {
  int ranks = 1;
  std::string machine = "loggp";
  std::vector<std::string> params;  // "key=value" overrides of machine parameters
  ComputeMode compute = ComputeMode::None;
  // Measured computation shorter than this between two MPI calls is not charged, as SimGrid
  // SMPI's smpi/cpu-threshold (default 1e-6 s, "minimal computation time not discarded"): the
  // program's bookkeeping between two calls, and the clock's own jitter, are not computation.
  std::int64_t compute_threshold_ns = 1000;
  std::size_t stack_bytes = 8 << 20;  // what Linux gives a process (ulimit -s), mapped lazily
  bool guard_pages = true;
  // > 0: the run stops, with where each rank was, after this much wall time, or before anything
  // happens later than this virtual time (as after SIGINT or SIGTERM, which always stop it so).
  double time_limit_seconds = 0;
  std::int64_t virtual_time_limit_ps = 0;
  // SIGINT, SIGTERM and SIGHUP stop the run with where each rank was (a program under xo run); off,
  // they keep the action the process gave them.
  bool catch_stop_signals = false;
  // Where the machine's MPI environment variables are read from (getenv when unset).
  std::function<const char*(const char*)> env_lookup;
  // Called for every protocol phase of every message, if set.
  std::function<void(const PhaseRecord&)> on_phase;
  // Told every event of the run (the OTF2 tracer), if set; must outlive the run.
  RunObserver* observer = nullptr;
  // Told of every switch into and out of a rank, if set (per-rank libc state); must outlive the run.
  RankSwitchListener* switch_listener = nullptr;
};

struct SimulationResult {
  int exit_code = 0;           // 0, or the first non-zero exit of a rank, MPI_Abort's code, 1 on error
  std::string error;           // deadlock report, fatal MPI error or abort message; empty on success
  double virtual_seconds = 0;  // largest rank clock at the end
  std::uint64_t messages = 0;  // point-to-point messages delivered
  std::size_t guarded_stacks = 0;
  std::int64_t max_mailbox_peers = 0;  // machines with mailboxes: most connections of one rank
  std::int64_t max_mailbox_bytes = 0;  // and the mailbox memory they take at that rank
};

using RankMain = std::function<int(int argc, char** argv)>;
// The entry point of one rank. Every rank calling the same main shares the program's globals; a
// launcher that loads a separate copy of the program per rank hands each rank its own main.
using RankMainOf = std::function<RankMain(int rank)>;

// Throws xo::hw::MachineError for an unknown machine, a bad --param or a bad environment value.
SimulationResult run_simulation(const SimulationOptions& options, const RankMainOf& main_of,
                                const std::vector<std::string>& args = {});
// Every rank runs the same `main`.
SimulationResult run_simulation(const SimulationOptions& options, const RankMain& main,
                                const std::vector<std::string>& args = {});

// The MPI_COMM_WORLD rank whose code is running, or -1 outside a simulated rank.
int current_rank();
// Ends the running rank as exit(code) ends a process, as if its main had returned `code` (a rank
// that called MPI_Init but not MPI_Finalize is reported). Only inside a simulated rank.
[[noreturn]] void exit_current_rank(int code);

}  // namespace xo::mpi
