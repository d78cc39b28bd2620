#include "xo/reference_mpi/simulation.hpp"

#include <cstdlib>

#include "api_layer.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/mpi/collective/collective_layer.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

SimulationResult run_simulation(const SimulationOptions& options, const RankMainOf& main_of,
                                const std::vector<std::string>& args) {
  if (options.ranks < 1) {
    throw hw::MachineError("the rank count must be at least 1, got " + std::to_string(options.ranks));
  }
  std::unique_ptr<hw::Machine> machine = hw::configured_machine(
      options.machine, options.ranks, options.params,
      options.env_lookup ? options.env_lookup : [](const char* name) { return std::getenv(name); });
  World world(options, std::move(machine), main_of, args);
  install_protocol_layer(world);
  install_collective_layer(world);
  install_api_layer(world);
  SimulationResult result = world.run();
  result.max_mailbox_peers = max_mailbox_peers(world);
  result.max_mailbox_bytes = result.max_mailbox_peers * world.machine().mailbox_bytes();
  return result;
}

SimulationResult run_simulation(const SimulationOptions& options, const RankMain& main,
                                const std::vector<std::string>& args) {
  return run_simulation(
      options, [&](int) { return main; }, args);
}

int current_rank() { return World::running_rank(); }

void exit_current_rank(int code) { World::current().exit_rank(code); }

}  // namespace xo::mpi
