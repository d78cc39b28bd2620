#pragma once
// What the one-sided calls tell the run's observer (run_observer.hpp): operations with their
// matching ids, and their completion at the synchronisation that completes them. Nothing is done,
// and no id is taken, when the run has no observer.

#include <cstdint>

#include "xo/mpi/state/window.hpp"
#include "xo/reference_mpi/run_observer.hpp"

namespace xo::mpi {

class World;

// Reports an operation to `target` (window rank) issued now; returns its matching id, 0 if untraced.
std::uint64_t trace_operation(World& world, const WindowHandle& w, int target, RmaKind kind, std::int64_t sent,
                              std::int64_t received);
// Reports every operation of `ops` complete now.
void trace_completed(World& world, const WindowHandle& w, const WindowHandle::InFlight& ops);
// A fresh id for a lock's three steps; 0 if untraced.
std::uint64_t trace_lock_id(World& world);
void trace_lock(World& world, const WindowHandle& w, int target, bool exclusive, std::uint64_t lock_id,
                RmaLockStep step);
// MPI_Win_post, _start, _complete or _wait with the window ranks of its group, now.
void trace_group_sync(World& world, const WindowHandle& w, const std::vector<int>& window_ranks);

}  // namespace xo::mpi
