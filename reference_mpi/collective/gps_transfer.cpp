#include "gps_transfer.hpp"

#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/transport.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

sim::Time flag_time(const CollectiveRun& run) {
  return sim::seconds_to_time(run.world.machine().collective_hardware().remote_flag);
}

void move(CollectiveRun& run, int from, int to, std::int64_t bytes) {
  const int source = run.world_rank(from);
  const int destination = run.world_rank(to);
  sim::Engine& engine = run.world.engine();
  const sim::Time start = engine.now();
  engine.advance_to(Transport::of(run.world).remote_access(run.world, source, destination, bytes, start));
  run.record_hardware_phase(Phase::RemoteAccess, start, engine.now(), bytes, from == run.rank ? destination : source);
}

}  // namespace

void gps_pull(CollectiveRun& run, int from, std::int64_t bytes) { move(run, from, run.rank, bytes); }
void gps_push(CollectiveRun& run, int to, std::int64_t bytes) { move(run, run.rank, to, bytes); }

void gps_start(CollectiveRun& run, std::vector<std::byte> data, bool wait_for_check_ins) {
  HardwareBoard& board = CollectiveMeetingPoints::of(run.world).board;
  const sim::Time now = run.world.engine().now();
  const sim::Time flagged = now + flag_time(run);
  run.record_hardware_phase(Phase::RemoteAccess, now, flagged, 0);  // the start flag stored at every member
  board.post(run, std::move(data), flagged);
  if (wait_for_check_ins) board.await_check_ins(run, run.size - 1);
  board.leave(run);
}

void gps_check_in(CollectiveRun& run) {
  CollectiveMeetingPoints::of(run.world).board.check_in(run, run.world.engine().now() + flag_time(run));
}

}  // namespace xo::mpi
