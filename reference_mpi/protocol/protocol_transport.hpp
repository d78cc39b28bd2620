#pragma once
// The protocol layer's state in the World: the Transport the collectives send, receive and access
// remote memory through.

namespace xo::mpi {

class World;

// Gives `world` the protocol layer's state, before World::run.
void install_protocol_layer(World& world);

}  // namespace xo::mpi
