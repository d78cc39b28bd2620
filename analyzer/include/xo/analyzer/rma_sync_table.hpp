#pragma once
// The synchronisation of one-sided communication as the trace's RMA records give it: fences
// (RmaCollectiveEnd of operation BARRIER), the group synchronisations of post, start, complete,
// wait and test (RmaGroupSync, the call around it says which), and the steps of a lock
// (RmaRequestLock, RmaAcquireLock, RmaReleaseLock). Rows are in each rank's order of events, the
// ranks in order. The records of the operations themselves (RmaPut ...) are not kept (their calls
// and protocol phases say what the analysis uses of them), only whether a fence followed some.

#include <otf2/otf2.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

enum class RmaSyncKind : std::uint8_t { Fence, GroupSync, LockRequest, LockAcquire, LockRelease };

struct RmaSyncEvent {
  RmaSyncKind kind;
  // A lock step: the lock is exclusive. A fence: the rank issued operations on the window since its
  // fence before, so this one ends an access epoch (MPI-3.1 section 11.5.1).
  bool flag;
  RankId rank;
  OTF2_RmaWinRef window;
  std::uint32_t peer;  // a lock's target, as its rank in the window; a group sync's OTF2 group
  double time;
  Index call;  // the call around the record (MPI_Win_fence, MPI_Win_start ...), kNoIndex if none
};

struct RmaSyncTable {
  std::vector<RmaSyncEvent> events;
  // The world ranks of the groups that group syncs name, in the group's order.
  std::unordered_map<OTF2_GroupRef, std::vector<RankId>> group_ranks;

  std::size_t size() const { return events.size(); }
};

}  // namespace xo::analyzer
