#include "transport.hpp"

#include "world.hpp"

namespace xo::mpi {

Transport& Transport::of(World& world) { return static_cast<Transport&>(world.layer(Layer::Protocol)); }

}  // namespace xo::mpi
