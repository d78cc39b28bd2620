// Whole-machine barriers in hardware: the AP1000's S-net sync (seed 001 section 7: `sync` when the
// communicator holds every cell) and the T3E's barrier hardware (seed 003: polled, so point-to-point
// traffic progresses meanwhile). Everyone leaves a fixed time after the last arrival.

#include "algorithms.hpp"
#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void barrier_sync_network(CollectiveRun& run) {
  const sim::Time cost = sim::seconds_to_time(run.world.machine().collective_hardware().sync);
  const sim::Time arrival = run.world.engine().now();
  CollectiveMeetingPoints::of(run.world).board.meet(run, {}, [cost](BoardSlot& slot) {
    std::fill(slot.release.begin(), slot.release.end(), slot.latest_arrival + cost);
  });
  run.record_hardware_phase(Phase::SyncNetwork, arrival, run.world.engine().now(), 0);
  CollectiveMeetingPoints::of(run.world).board.leave(run);
}

}  // namespace xo::mpi
