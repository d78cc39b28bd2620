#pragma once
// Completing the operations a member issued on a window. Each operation's data is moved when it is
// issued (the origin's fiber copies it, so a correct program sees what MPI promises); what a
// synchronisation waits for is the simulated time the operations land. A call that promises
// completion at the target (MPI_Win_flush, MPI_Win_unlock) also waits for the target's
// acknowledgement of the operations that wrote there, which is all that tells an origin so.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/mpi/state/window.hpp"

namespace xo::mpi {

class World;

// An operation to `target` (window rank) was issued and lands at `landed`; `traced_id` is its
// matching id in the trace (0: untraced).
void note_issued(WindowHandle& w, int target, sim::Time landed, bool wrote, std::uint64_t traced_id);
// An operation to `target` goes now: `out` bytes to it and, unless `back` < 0, a reply of `back`
// bytes, from `ready` on. Notes it in flight.
void send_operation_now(World& world, WindowHandle& w, const WindowHandle::Queued& op, sim::Time ready);
// On a machine that defers operations to the end of their epoch, sends the queued ones to `target`
// (every target: -1) now, one after another, each costing the origin its send overhead.
void send_queued(World& world, WindowHandle& w, int target);

// Sends the operations queued for `target` and forgets those in flight to it, telling the trace they
// completed; returns when they land (now if there are none): the earliest a message that must not
// overtake them (a completion, a lock's release) may go.
sim::Time retire_in_flight(World& world, WindowHandle& w, int target);

// Waits until the operations issued to `target` landed (and, if `acknowledge`, until the target's
// acknowledgement of the writes among them arrived), and forgets them.
void complete_in_flight(World& world, WindowHandle& w, int target, bool acknowledge);
void complete_all_in_flight(World& world, WindowHandle& w, bool acknowledge);

}  // namespace xo::mpi
