#pragma once
// The collective layer's state in one run (its meeting points: the hardware board and the
// ledgers), installed by the composition root before World::run.

namespace xo::mpi {

class World;

// Gives `world` the collective layer's state, before World::run.
void install_collective_layer(World& world);

}  // namespace xo::mpi
