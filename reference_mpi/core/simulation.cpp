#include "xo/reference_mpi/simulation.hpp"

#include <cstdlib>

#include "world.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace xo::mpi {

SimulationResult run_simulation(const SimulationOptions& options, const RankMainOf& main_of,
                                const std::vector<std::string>& args) {
  if (options.ranks < 1) {
    throw hw::MachineError("the rank count must be at least 1, got " + std::to_string(options.ranks));
  }
  std::unique_ptr<hw::Machine> machine = hw::builtin_machines().create(options.machine);
  machine->set_job_size(options.ranks);
  for (const std::string& assignment : options.params) machine->set_param_assignment(assignment);
  machine->resolve_env(options.env_lookup ? options.env_lookup : [](const char* name) { return std::getenv(name); });
  machine->check_settings();
  World world(options, std::move(machine), main_of, args);
  return world.run();
}

SimulationResult run_simulation(const SimulationOptions& options, const RankMain& main,
                                const std::vector<std::string>& args) {
  return run_simulation(options, [&](int) { return main; }, args);
}

}  // namespace xo::mpi
