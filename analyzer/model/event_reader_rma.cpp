// The event reader's one-sided synchronisation records (rma_sync_table.hpp): fences, group
// synchronisations and lock steps, each with the call around it.

#include <algorithm>

#include "event_reader.hpp"

namespace xo::analyzer {

void EventReader::rma_collective_end(OTF2_TimeStamp time, const EventAttributes&, OTF2_CollectiveOp operation,
                                     OTF2_RmaSyncLevel, OTF2_RmaWinRef window, std::uint32_t, std::uint64_t,
                                     std::uint64_t) {
  const double t = at(time);
  // Window creation and destruction are RMA collectives too (CREATE_HANDLE, DESTROY_HANDLE).
  if (operation != OTF2_COLLECTIVE_OP_BARRIER || !on_rank("RmaCollectiveEnd")) return;
  const auto issued = std::find(issued_since_fence_.begin(), issued_since_fence_.end(), window);
  const bool ends_access = issued != issued_since_fence_.end();
  if (ends_access) issued_since_fence_.erase(issued);
  records_.rma_syncs.push_back({RmaSyncKind::Fence, ends_access, rank_, window, 0, t, open_call()});
}

void EventReader::rma_transfer(OTF2_TimeStamp time, const EventAttributes&, OTF2_RmaWinRef window, std::uint32_t,
                               std::uint64_t, std::uint64_t) {
  at(time);
  if (std::find(issued_since_fence_.begin(), issued_since_fence_.end(), window) == issued_since_fence_.end()) {
    issued_since_fence_.push_back(window);
  }
}

void EventReader::rma_atomic(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window,
                             std::uint32_t remote, OTF2_RmaAtomicType, std::uint64_t sent, std::uint64_t,
                             std::uint64_t matching) {
  rma_transfer(time, attributes, window, remote, sent, matching);
}

void EventReader::rma_group_sync(OTF2_TimeStamp time, const EventAttributes&, OTF2_RmaSyncLevel, OTF2_RmaWinRef window,
                                 OTF2_GroupRef group) {
  const double t = at(time);
  if (!on_rank("RmaGroupSync")) return;
  records_.rma_syncs.push_back({RmaSyncKind::GroupSync, false, rank_, window, group, t, open_call()});
}

void EventReader::rma_request_lock(OTF2_TimeStamp time, const EventAttributes&, OTF2_RmaWinRef window,
                                   std::uint32_t remote, std::uint64_t, OTF2_LockType type) {
  const double t = at(time);
  if (!on_rank("RmaRequestLock")) return;
  records_.rma_syncs.push_back(
      {RmaSyncKind::LockRequest, type == OTF2_LOCK_EXCLUSIVE, rank_, window, remote, t, open_call()});
}

void EventReader::rma_acquire_lock(OTF2_TimeStamp time, const EventAttributes&, OTF2_RmaWinRef window,
                                   std::uint32_t remote, std::uint64_t lock, OTF2_LockType type) {
  const double t = at(time);
  if (!on_rank("RmaAcquireLock")) return;
  const bool exclusive = type == OTF2_LOCK_EXCLUSIVE;
  exclusive_locks_[lock] = exclusive;
  records_.rma_syncs.push_back({RmaSyncKind::LockAcquire, exclusive, rank_, window, remote, t, open_call()});
}

void EventReader::rma_release_lock(OTF2_TimeStamp time, const EventAttributes&, OTF2_RmaWinRef window,
                                   std::uint32_t remote, std::uint64_t lock) {
  const double t = at(time);
  if (!on_rank("RmaReleaseLock")) return;
  // The release names no lock type: its acquisition said (a release of a lock never acquired is
  // taken as shared, which blocks only exclusive requests).
  const auto acquired = exclusive_locks_.find(lock);
  const bool exclusive = acquired != exclusive_locks_.end() && acquired->second;
  if (acquired != exclusive_locks_.end()) exclusive_locks_.erase(acquired);
  records_.rma_syncs.push_back({RmaSyncKind::LockRelease, exclusive, rank_, window, remote, t, open_call()});
}

}  // namespace xo::analyzer
