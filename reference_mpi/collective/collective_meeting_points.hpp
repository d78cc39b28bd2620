#pragma once
// Where the members of collectives meet in one run: the hardware board (broadcast network, barrier
// wires, xy reductions, fetch-and-add words, gps flags) and the ledgers that check that every
// member calls the same collective with matching sizes. The collective layer's state in the World.

#include "collective_ledger.hpp"
#include "hardware_board.hpp"
#include "inter_collective_ledger.hpp"
#include "xo/mpi/state/layer_state.hpp"

namespace xo::mpi {

class World;

struct CollectiveMeetingPoints final : LayerState {
  HardwareBoard board;
  CollectiveLedger ledger;
  InterCollectiveLedger inter_ledger;

  static CollectiveMeetingPoints& of(World& world);
};

}  // namespace xo::mpi
