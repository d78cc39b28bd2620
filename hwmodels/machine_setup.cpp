#include "xo/hwmodels/machine_setup.hpp"

#include "xo/hwmodels/machine_registry.hpp"

namespace xo::hw {

EnvLookup lookup_in(const std::map<std::string, std::string>& settings) {
  return [&settings](const char* name) -> const char* {
    const auto it = settings.find(name);
    return it == settings.end() ? nullptr : it->second.c_str();
  };
}

std::unique_ptr<Machine> configured_machine(std::string_view name, int ranks, const std::vector<std::string>& params,
                                            const EnvLookup& lookup) {
  std::unique_ptr<Machine> machine = builtin_machines().create(name);
  machine->set_job_size(ranks);
  for (const std::string& assignment : params) machine->set_param_assignment(assignment);
  machine->resolve_env(lookup);
  machine->check_settings();
  return machine;
}

}  // namespace xo::hw
