#pragma once
// One-sided communication in a run's profile: the time of its calls by what they do (the
// operations, each synchronisation mode, the windows' creation and release), the calls in which a
// rank waits for another one, and whether the machine's MPI sent the operations only when their
// epoch ended, which moves their cost into the synchronisation calls.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/rma_wait_states.hpp"

namespace xo::analyzer {

struct RmaModeTime {
  std::string mode;  // "operations", "fence", "post-start-complete-wait", "locks and flushes", "windows"
  std::uint64_t calls = 0;
  double seconds = 0;  // summed over ranks
};

// A synchronisation call in which a rank waits for another, and what it waits for.
struct RmaWaitingCall {
  std::string call;   // "MPI_Win_start"
  std::string waits;  // "the targets' MPI_Win_post (a late post)"
  std::uint64_t calls = 0;
  double seconds = 0;  // the calls' whole time: the wait and the call's own messages
  // The wait itself, measured from the trace's RMA synchronisation records (rma_wait_states.hpp),
  // and in how many calls it was not zero; absent where the trace does not have them.
  std::optional<double> wait_seconds;
  std::uint64_t waiting_calls = 0;
};

struct RmaProfile {
  double seconds = 0;                   // every one-sided call, summed over ranks
  std::vector<RmaModeTime> by_mode;     // largest first; modes the run did not use are left out
  std::vector<RmaWaitingCall> waiting;  // largest first
  // The machine's MPI queues operations until their epoch ends (hw::Machine::rma_deferred_to_epoch_end);
  // false for a foreign trace or an unknown machine.
  bool deferred = false;
  double operation_seconds = 0;   // in MPI_Put, MPI_Get, ... themselves
  double completing_seconds = 0;  // in the calls that end epochs and, where deferred, send the operations
};

bool is_rma_call(const std::string& call);
// Empty (seconds 0, no rows) for a run without one-sided calls. `machine`: the trace's machine
// model, "" for a foreign trace; `waits`: find_rma_wait_states' answer.
RmaProfile profile_rma(const MpiProfile& profile, const std::string& machine, const std::vector<RmaWaitState>& waits);

}  // namespace xo::analyzer
