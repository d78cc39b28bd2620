// Scatter(v) over the X1's gps structure (seed 000): the root posts its buffer and the table of
// block offsets with the start flag; each member pulls its own block from the root's memory and
// checks in.

#include <cstring>

#include "algorithms.hpp"
#include "block_table.hpp"
#include "collective_meeting_points.hpp"
#include "gps_transfer.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void scatter_gps_pull(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.recv.size());
  if (run.rank == run.root) {
    std::memcpy(run.recv.data(), run.send.data() + run.block_offset[static_cast<std::size_t>(run.rank)],
                static_cast<std::size_t>(mine));
    run.charge_copy(mine);
    gps_start(run, with_offsets(run.send, run.block_offset), true);
    return;
  }
  HardwareBoard& board = CollectiveMeetingPoints::of(run.world).board;
  const BoardSlot& slot = board.await(run);
  gps_pull(run, run.root, mine);
  copy_block(slot.data, run.size, run.rank, run.recv.data(), mine);
  gps_check_in(run);
  board.leave(run);
}

}  // namespace xo::mpi
