#include "xo/reference_mpi/virtual_clock.hpp"

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void wait_until_virtual_time(double seconds) {
  World& world = World::current();
  world.engine().advance_to(sim::seconds_to_time(seconds));
  world.engine().sync();  // whatever is due before then happens first
}

}  // namespace xo::mpi
