#include "collective_meeting_points.hpp"

#include <memory>

#include "xo/mpi/collective/collective_layer.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

CollectiveMeetingPoints& CollectiveMeetingPoints::of(World& world) {
  return static_cast<CollectiveMeetingPoints&>(world.layer(Layer::Collective));
}

void install_collective_layer(World& world) {
  world.install(Layer::Collective, std::make_unique<CollectiveMeetingPoints>());
}

}  // namespace xo::mpi
