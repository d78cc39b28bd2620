// xo machines [--show NAME]: the machine models, their protocols, parameters and variables.

#include <algorithm>
#include <cstdio>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "table.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/hwmodels/collective_table.hpp"
#include "xo/hwmodels/machine_registry.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::cli {

using analyzer::number_text;

namespace {

// A real MPI's knob schema: what xo record --mpi traces and xo report lists.
void show_real_mpi(const hw::RealMpi& mpi) {
  std::printf("%s: a real MPI, traced with xo record --mpi=%s (no machine model: knobs only)\n", mpi.name.c_str(),
              mpi.key.c_str());
  std::printf("\nThe variables that switch its protocols and collective algorithms (from %s)\n", mpi.source.c_str());
  std::vector<std::vector<std::string>> rows = {{"variable", "default", "choices", "what it switches"}};
  for (const hw::RealMpiKnob& k : mpi.knobs) rows.push_back({k.variable, k.default_value, k.choices, k.effect});
  print_table(rows);
  std::printf("\nWhat xo bench --mpi=%s tries, besides the job's own settings\n", mpi.key.c_str());
  rows = {{"variable", "values", "with", "measured by"}};
  for (const hw::RealMpiKnob& k : mpi.knobs) {
    if (k.bench_values.empty()) continue;
    std::string values, with;
    for (const std::string& v : k.bench_values) values += (values.empty() ? "" : " ") + v;
    for (const auto& [name, value] : k.requires_settings) with += (with.empty() ? "" : " ") + name + "=" + value;
    rows.push_back({k.variable, values, with.empty() ? "-" : with,
                    k.collective.empty() ? "the ping-pong" : k.collective + " on every rank"});
  }
  print_table(rows);
}

// The collective table, with what this machine's hardware leaves out.
void show_collective_algorithms(const hw::Machine& machine) {
  std::printf("\nCollective algorithms (force one with -e XO_COLL_<CALL>=ALGORITHM where the machine has the knob)\n");
  std::vector<std::vector<std::string>> rows = {{"call", "algorithm", "needs", "here", "what it does"}};
  for (const hw::CollectiveAlgorithm& a : hw::collective_table()) {
    const bool present = hw::has_hardware_for(a.needs, machine.collective_hardware());
    rows.push_back({std::string(hw::collective_name(a.op)),
                    std::string(hw::algorithm_name(a.algorithm)) + (a.last_resort ? " (last resort)" : ""),
                    std::string(hw::needs_text(a.needs)), present ? "yes" : "no hardware", std::string(a.description)});
  }
  print_table(rows);
}

void show(const std::string& name) {
  if (const hw::RealMpi* mpi = hw::real_mpi_named(name)) return show_real_mpi(*mpi);
  const auto machine = hw::builtin_machines().create(name);
  std::printf("%s: %s\n\nProtocols\n", machine->name().c_str(), machine->description().c_str());
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : machine->protocols()) rows.push_back({p.name, p.when});
  print_table(rows);

  std::printf("\nParameters (change with --param NAME=VALUE)\n");
  rows = {{"name", "value", "unit", "range", "meaning", "source"}};
  for (const hw::Parameter& p : machine->parameters()) {
    rows.push_back(
        {p.name, number_text(p.value), p.unit, number_text(p.min) + " .. " + number_text(p.max), p.meaning, p.source});
  }
  print_table(rows);

  std::printf("\nEnvironment variables (set with -e VAR=VALUE or export)\n");
  rows = {{"name", "default", "range", "unit", "meaning", "source"}};
  for (const hw::EnvVar& v : machine->env_vars()) {
    rows.push_back({v.name, machine->env_value_text(v, machine->env_default(v)), machine->env_range_text(v), v.unit,
                    v.meaning, v.source});
  }
  if (rows.size() == 1) rows = {{"(none)"}};
  print_table(rows);

  std::printf("\nSwitch points (the thresholds that choose between protocols or algorithms)\n");
  rows = {{"variable", "call", "switch (size in the unit)", "unit"}};
  for (const hw::SwitchPoint& p : machine->switch_points()) {
    const std::string value = machine->env_value_text(*machine->find_env_var(p.env_var), machine->env(p.env_var));
    const std::string rule = p.value_is_first_above ? p.below + " < " + value + " <= " + p.above
                                                    : p.below + " <= " + value + " < " + p.above;
    rows.push_back(
        {p.env_var, p.operation.empty() ? "point-to-point" : p.operation, rule, hw::switch_unit_name(p.unit)});
  }
  // Settings that move one protocol's messages to another at every size (xo report prices them too).
  for (const hw::ProtocolOption& o : machine->protocol_options()) {
    rows.push_back(
        {o.env_var, "point-to-point", o.from + " -> " + o.to + " with " + o.env_var + "=" + o.value, "any size"});
  }
  if (rows.size() == 1) rows = {{"(none)"}};
  print_table(rows);
  show_collective_algorithms(*machine);
}

}  // namespace

int command_machines(const std::vector<std::string>& args) {
  ArgumentReader reader("machines", args);
  std::string shown;
  while (reader.at_option()) {
    if (reader.option_name() != "--show") reader.unknown_option();
    shown = reader.take_value();
  }
  if (!reader.done()) throw UsageError("unexpected argument '" + reader.rest()[0] + "'; see `xo machines --help`");
  if (!shown.empty()) {
    show(shown);
    return 0;
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& entry : hw::builtin_machines().entries()) rows.push_back({entry.name, entry.summary});
  std::printf("Machines (details: xo machines --show NAME)\n");
  print_table(rows);
  rows.clear();
  for (const hw::RealMpi& mpi : hw::real_mpis())
    rows.push_back({mpi.key, mpi.name + ": knobs only, for traces of xo record --mpi"});
  std::printf("\nReal MPIs (xo machines --show NAME lists their knobs)\n");
  print_table(rows);
  return 0;
}

}  // namespace xo::cli
