#include "xo/hwmodels/machine_setup.hpp"

#include <cstdio>

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

std::unique_ptr<Machine> configured_like(const Machine& machine, const std::map<std::string, std::string>& overrides) {
  std::vector<std::string> params;
  for (const Parameter& p : machine.parameters()) {
    char value[32];
    std::snprintf(value, sizeof value, "%.17g", p.value);  // exactly the value it has
    params.push_back(p.name + "=" + value);
  }
  std::map<std::string, std::string> settings;
  for (const EnvVar& var : machine.env_vars()) settings[var.name] = machine.env_value_text(var, machine.env(var.name));
  for (const auto& [name, value] : overrides) settings[name] = value;
  return configured_machine(machine.name(), machine.job_size(), params, lookup_in(settings));
}

}  // namespace xo::hw
