#include "run_info.hpp"

#include <charconv>

namespace xo::mpi {

namespace {

// The shortest text that reads back as the same double, so a recorded setting can be replayed.
std::string exact(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

}  // namespace

RunInfo describe_run(const SimulationOptions& options, const hw::Machine& machine,
                     const std::vector<std::string>& args) {
  RunInfo info;
  info.ranks = options.ranks;
  info.ranks_per_node = machine.placement().ranks_per_node();
  info.machine = machine.name();
  info.machine_description = machine.description();
  for (const hw::Parameter& p : machine.parameters()) info.parameters.push_back({p.name, exact(p.value)});
  for (const hw::EnvVar& v : machine.env_vars()) {
    info.environment.push_back({v.name, machine.env_value_text(v, machine.env(v.name))});
  }
  info.compute_mode = options.compute == ComputeMode::Measured ? "measured" : "none";
  info.program_args = args;
  return info;
}

}  // namespace xo::mpi
