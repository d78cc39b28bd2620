#include "selective_broadcast.hpp"

#include <algorithm>
#include <cstring>

#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

std::vector<std::byte> selective_broadcast(CollectiveRun& run, int from, std::vector<std::byte> data,
                                           std::int64_t network_bytes, std::int64_t part_bytes) {
  const hw::CollectiveHardware& hw = run.world.machine().collective_hardware();
  HardwareBoard& board = CollectiveMeetingPoints::of(run.world).board;
  sim::Engine& engine = run.world.engine();
  std::vector<std::byte> result;
  if (run.rank == from) {
    engine.sync();  // take the network in virtual-time order
    const sim::Time now = engine.now();
    const sim::Time busy =
        sim::seconds_to_time(hw.broadcast_startup + static_cast<double>(network_bytes) * hw.broadcast_per_byte);
    const sim::Time start = board.reserve_broadcast(run, now, busy);
    const sim::Time done = start + busy;
    if (start > now) run.record_hardware_phase(Phase::NetworkWait, now, start, network_bytes);
    run.record_hardware_phase(Phase::BroadcastNetwork, start, done, network_bytes);
    result = data;
    board.post(run, std::move(data), done);
    engine.advance(sim::seconds_to_time(hw.broadcast_send_overhead));
  } else {
    result = board.await(run).data;
    const sim::Time copy_start = engine.now();
    engine.advance(sim::seconds_to_time(static_cast<double>(part_bytes) * hw.broadcast_copy_per_byte));
    run.record_hardware_phase(Phase::ReceiverCopy, copy_start, engine.now(), part_bytes);
  }
  board.leave(run);
  ++run.board_phase;
  return result;
}

}  // namespace xo::mpi
