#include "rma_messages.hpp"

#include "xo/mpi/state/transport.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

sim::Time issue_overhead(const World& world, int origin_world, int target_world) {
  return sim::seconds_to_time(world.machine().link(origin_world, target_world).send_overhead);
}

sim::Time rma_message(World& world, int from_world, int to_world, std::int64_t bytes, sim::Time ready,
                      const char* path) {
  const sim::Time landed = Transport::of(world).remote_access(world, from_world, to_world, bytes, ready);
  world.record_phase(PhaseRecord{Phase::RemoteAccess, path, from_world, to_world, bytes, ready, landed});
  return landed;
}

}  // namespace xo::mpi
