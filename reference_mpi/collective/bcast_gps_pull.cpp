// Bcast over the X1's gps structure (seed 000): the root stores a start flag at every member and
// the others pull the data from its memory, checking in when done. Below 32 bytes
// (`bcast_preallocated_bytes`) the root copies the data into a preallocated buffer and leaves at
// once, without waiting for check-ins.

#include <cstring>

#include "algorithms.hpp"
#include "collective_meeting_points.hpp"
#include "gps_transfer.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void bcast_gps_pull(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  const bool small = bytes < run.world.machine().collective_hardware().bcast_preallocated_bytes;
  if (run.rank == run.root) {
    if (small) run.charge_copy(bytes);
    gps_start(run, run.recv, !small);
    return;
  }
  HardwareBoard& board = CollectiveMeetingPoints::of(run.world).board;
  const BoardSlot& slot = board.await(run);
  gps_pull(run, run.root, bytes);
  std::memcpy(run.recv.data(), slot.data.data(), static_cast<std::size_t>(bytes));
  if (!small) gps_check_in(run);
  board.leave(run);
}

}  // namespace xo::mpi
