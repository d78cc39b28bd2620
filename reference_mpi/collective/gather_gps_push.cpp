// Gather(v) over the X1's gps structure (seed 000): the root posts the address of its receive
// buffer and where each block goes with the start flag; each member pushes its block straight into
// the root's buffer and checks in.

#include <cstring>

#include "algorithms.hpp"
#include "collective_meeting_points.hpp"
#include "gps_transfer.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void gather_gps_push(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.send.size());
  if (run.rank == run.root) {
    std::memcpy(run.recv.data() + run.block_offset[static_cast<std::size_t>(run.rank)], run.send.data(),
                static_cast<std::size_t>(mine));
    run.charge_copy(mine);
    // The "address" posted is where each block goes in the root's buffer.
    std::vector<std::byte> where(sizeof(std::byte*) + run.block_offset.size() * sizeof(std::int64_t));
    std::byte* base = run.recv.data();
    std::memcpy(where.data(), &base, sizeof base);
    std::memcpy(where.data() + sizeof base, run.block_offset.data(), run.block_offset.size() * sizeof(std::int64_t));
    gps_start(run, std::move(where), true);
    return;
  }
  HardwareBoard& board = CollectiveMeetingPoints::of(run.world).board;
  const BoardSlot& slot = board.await(run);
  std::byte* base = nullptr;
  std::int64_t offset = 0;
  std::memcpy(&base, slot.data.data(), sizeof base);
  std::memcpy(&offset, slot.data.data() + sizeof base + static_cast<std::size_t>(run.rank) * sizeof(std::int64_t),
              sizeof offset);
  gps_push(run, run.root, mine);
  std::memcpy(base + offset, run.send.data(), static_cast<std::size_t>(mine));
  gps_check_in(run);
  board.leave(run);
}

}  // namespace xo::mpi
