#pragma once
// Completing the operations a member issued on a window. Each operation's data is moved when it is
// issued (the origin's fiber copies it, so a correct program sees what MPI promises); what a
// synchronisation waits for is the simulated time the operations land. A call that promises
// completion at the target (MPI_Win_flush, MPI_Win_unlock) also waits for the target's
// acknowledgement of the operations that wrote there, which is all that tells an origin so.

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

class World;
struct WindowHandle;

// An operation to `target` (window rank) was issued and lands at `landed`.
void note_issued(WindowHandle& w, int target, sim::Time landed, bool wrote);
// Waits until the operations issued to `target` landed (and, if `acknowledge`, until the target's
// acknowledgement of the writes among them arrived), and forgets them.
void complete_in_flight(World& world, WindowHandle& w, int target, bool acknowledge);
void complete_all_in_flight(World& world, WindowHandle& w, bool acknowledge);

}  // namespace xo::mpi
