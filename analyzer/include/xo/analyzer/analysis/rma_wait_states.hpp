#pragma once
// Wait states of one-sided communication, measured from the trace's RMA synchronisation records
// (rma_sync_table.hpp); the names are those of Scalasca's MPI RMA wait-state metrics:
//
//   late post        in MPI_Win_start, from its begin until the last target's matching
//                    MPI_Win_post began (the k-th start of an origin towards a target matches that
//                    target's k-th post exposing to the origin);
//   early wait       in MPI_Win_wait, from its begin until the last origin's matching
//                    MPI_Win_complete began;
//   wait at fence    in MPI_Win_fence, from its begin until the last member's fence began (the k-th
//                    fence of each member of a window);
//   lock contention  in MPI_Win_lock, from the request until a conflicting lock another origin
//                    held on that target was released (exclusive requests conflict with every
//                    lock, shared ones with exclusive locks).
//
// Each wait lies within its call: what the call spends beyond it is its own messages.

#include <cstdint>
#include <string>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct RmaWaitState {
  std::string kind;           // "late post", "early wait", "wait at fence", "lock contention"
  std::string call;           // the call it happens in: "MPI_Win_start" ...
  std::uint64_t calls = 0;    // calls of that kind the records cover
  std::uint64_t waiting = 0;  // ... of which waited
  double seconds = 0;         // summed over ranks
};

// One entry per kind, in the order above; empty if the trace has no RMA synchronisation records.
std::vector<RmaWaitState> find_rma_wait_states(const TraceModel& trace);

}  // namespace xo::analyzer
