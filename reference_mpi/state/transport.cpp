#include "xo/mpi/state/transport.hpp"

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

Transport& Transport::of(World& world) { return static_cast<Transport&>(world.layer(Layer::Protocol)); }

}  // namespace xo::mpi
