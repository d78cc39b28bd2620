#pragma once
// The MPI entry points' state in one run: what they keep for each rank beyond its handles
// (ApiRank: buffered-send space, MPI_Alloc_mem's memory, the thread level, the Wait/Test families'
// scratch), and the windows being made. The state below knows nothing of it.

#include <map>
#include <memory>

#include "api_rank.hpp"
#include "xo/mpi/kernel/huge_page_array.hpp"
#include "xo/mpi/state/layer_state.hpp"
#include "xo/mpi/state/window.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

class ApiLayer final : public LayerState {
 public:
  ApiLayer(sim::Engine& engine, int ranks) : engine_(engine), ranks_(static_cast<std::size_t>(ranks)) {}
  static ApiLayer& of(World& world) { return static_cast<ApiLayer&>(world.layer(Layer::Api)); }

  // A window whose members are still arriving in MPI_Win_create: shared, touched inside simcalls.
  struct FormingWindow {
    std::shared_ptr<WindowShared> window;
    int joined = 0;
  };
  std::map<int, FormingWindow> forming_windows;  // by the window's private context

  ApiRank& rank(int world_rank) {
    XO_OWNED_BY(engine_, world_rank, "MPI call state");
    return ranks_[static_cast<std::size_t>(world_rank)];
  }

 private:
  [[maybe_unused]] sim::Engine& engine_;  // for the debug checks (xo/mpi/kernel/simcall.hpp)
  sim::HugePageArray<ApiRank> ranks_;     // by world rank; written for every rank at start-up, as World's ranks
};

// The entry points' state of the rank whose fiber is running in `world`.
inline ApiRank& api_self(World& world) { return ApiLayer::of(world).rank(world.self().world_rank); }

// Gives `world` the entry points' state, before World::run.
inline void install_api_layer(World& world) {
  world.install(Layer::Api, std::make_unique<ApiLayer>(world.engine(), world.size()));
}

}  // namespace xo::mpi
