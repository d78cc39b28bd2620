#include "xo/hwmodels/machine.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <sstream>

#include "mpich2_collectives.hpp"
#include "xo/hwmodels/collective_table.hpp"
#include "xo/hwmodels/machine_error.hpp"

namespace xo::hw {

namespace {

std::string format_number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

bool parse_double(std::string_view text, double& value) {
  std::string copy(text);
  if (copy.empty()) return false;
  char* end = nullptr;
  errno = 0;
  value = std::strtod(copy.c_str(), &end);
  return errno == 0 && end == copy.c_str() + copy.size() && std::isfinite(value);
}

}  // namespace

std::int64_t Machine::parse_choice(const EnvVar& var, std::string_view text) const {
  const std::vector<std::string>& choices = env_choices(var);
  for (std::size_t c = 0; c < choices.size(); ++c) {
    if (choices[c] == text) return static_cast<std::int64_t>(c);
  }
  throw MachineError(var.name + "=" + std::string(text) + " is not one of its choices on machine '" + name_ +
                     "': " + env_range_text(var));
}

const std::vector<std::string>& Machine::env_choices(const EnvVar& var) const {
  return env_choices_[static_cast<std::size_t>(&var - env_vars_.data())];
}

std::string Machine::env_value_text(const EnvVar& var, std::int64_t value) const {
  const std::vector<std::string>& choices = env_choices(var);
  if (value >= 0 && static_cast<std::size_t>(value) < choices.size()) return choices[static_cast<std::size_t>(value)];
  return std::to_string(value);
}

std::string Machine::env_range_text(const EnvVar& var) const {
  const std::vector<std::string>& choices = env_choices(var);
  if (choices.empty()) return std::to_string(var.min) + " .. " + std::to_string(var.max);
  std::string text;
  for (const std::string& c : choices) text += (text.empty() ? "" : " | ") + c;
  return text;
}

Machine::Machine(std::string name, std::string description)
    : name_(std::move(name)), description_(std::move(description)) {}

const Parameter* Machine::find_param(std::string_view name) const {
  for (const Parameter& p : parameters_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

double Machine::param(std::string_view name) const {
  const Parameter* p = find_param(name);
  if (p == nullptr) throw MachineError("machine '" + name_ + "' has no parameter '" + std::string(name) + "'");
  return p->value;
}

void Machine::set_param(std::string_view name, double value) {
  auto* p = const_cast<Parameter*>(find_param(name));
  if (p == nullptr) {
    std::string valid;
    for (const Parameter& q : parameters_) valid += (valid.empty() ? "" : ", ") + q.name;
    throw MachineError("machine '" + name_ + "' has no parameter '" + std::string(name) +
                       "'; valid parameters: " + valid + " (see `xo machines --show " + name_ + "`)");
  }
  if (!(value >= p->min && value <= p->max)) {
    throw MachineError("parameter '" + p->name + "' of machine '" + name_ + "' must be between " +
                       format_number(p->min) + " and " + format_number(p->max) + " " + p->unit + ", got " +
                       format_number(value));
  }
  p->value = value;
  reset_env_defaults();
  refresh_all();
}

void Machine::set_param_assignment(std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    throw MachineError("--param expects key=value (for example --param L=2.5), got '" + std::string(assignment) + "'");
  }
  double value = 0;
  if (!parse_double(assignment.substr(eq + 1), value)) {
    throw MachineError("--param " + std::string(assignment) + ": '" + std::string(assignment.substr(eq + 1)) +
                       "' is not a number");
  }
  set_param(assignment.substr(0, eq), value);
}

void Machine::add_parameter(Parameter parameter) { parameters_.push_back(std::move(parameter)); }

void Machine::add_cpu_factor_parameter() {
  add_parameter({"cpu_factor", 1.0, "factor", 0, 1e6,
                 "simulated seconds per host CPU second between MPI calls (--compute=measured)", "assumption"});
}

LinkCost Machine::loggp_parameters() const {
  constexpr double kMicro = 1e-6;
  constexpr double kNano = 1e-9;
  LinkCost cost;
  cost.latency = param("L") * kMicro;
  cost.send_overhead = param("o_s") * kMicro;
  cost.recv_overhead = param("o_r") * kMicro;
  cost.gap = param("g") * kMicro;
  cost.gap_per_byte = param("G") * kNano;
  return cost;
}

void Machine::add_choice_env_var(ChoiceEnvVar var) {
  var.var.max = static_cast<std::int64_t>(var.choices.size()) - 1;
  add_env_var(std::move(var.var));
  env_choices_.back() = std::move(var.choices);
}

void Machine::add_env_var(EnvVar var, std::string default_from_param) {
  env_choices_.emplace_back();
  env_vars_.push_back(std::move(var));
  env_default_params_.push_back(std::move(default_from_param));
  env_values_.push_back(0);
  env_explicit_.push_back(false);
  env_values_.back() = env_default(env_vars_.back());
}

void Machine::reset_env_defaults() {
  for (std::size_t i = 0; i < env_vars_.size(); ++i) {
    if (!env_explicit_[i]) env_values_[i] = env_default(env_vars_[i]);
  }
}

std::int64_t Machine::env_default(const EnvVar& var) const {
  const std::size_t i = static_cast<std::size_t>(&var - env_vars_.data());
  if (i < env_vars_.size() && !env_default_params_[i].empty()) {
    return static_cast<std::int64_t>(std::llround(param(env_default_params_[i])));
  }
  return var.default_value;
}

void Machine::resolve_env(const std::function<const char*(const char*)>& lookup) {
  for (std::size_t i = 0; i < env_vars_.size(); ++i) {
    const EnvVar& var = env_vars_[i];
    const char* text = lookup(var.name.c_str());
    env_explicit_[i] = text != nullptr && *text != '\0';
    if (!env_explicit_[i]) {
      env_values_[i] = env_default(var);
      continue;
    }
    const std::string_view view(text);
    if (!env_choices_[i].empty()) {
      env_values_[i] = parse_choice(var, view);
      continue;
    }
    // Masks are written in hexadecimal (MPICH_DBMASK=0x200), so 0x takes base 16.
    const bool hex = view.size() > 2 && view[0] == '0' && (view[1] == 'x' || view[1] == 'X');
    const std::string_view digits = hex ? view.substr(2) : view;
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, hex ? 16 : 10);
    if (error != std::errc() || end != digits.data() + digits.size()) {
      throw MachineError(var.name + "=" + std::string(view) + " is not a whole number (machine '" + name_ +
                         "'; unit: " + var.unit + ")");
    }
    if (value < var.min || value > var.max) {
      throw MachineError(var.name + "=" + std::string(view) + " is out of range: machine '" + name_ + "' accepts " +
                         std::to_string(var.min) + " to " + std::to_string(var.max) + " " + var.unit);
    }
    env_values_[i] = value;
  }
  refresh_all();
}

const EnvVar* Machine::find_env_var(std::string_view name) const {
  for (const EnvVar& var : env_vars_) {
    if (var.name == name) return &var;
  }
  return nullptr;
}

std::int64_t Machine::env(std::string_view name) const {
  for (std::size_t i = 0; i < env_vars_.size(); ++i) {
    if (env_vars_[i].name == name) return env_values_[i];
  }
  throw MachineError("machine '" + name_ + "' reads no environment variable '" + std::string(name) + "'");
}

std::string_view protocol_name(Protocol protocol) {
  switch (protocol) {
    case Protocol::Eager: return "eager";
    case Protocol::Rendezvous: return "rendezvous";
    case Protocol::ReceiverPull: return "receiver-pull";
    case Protocol::EagerPull: return "eager-pull";
  }
  return "unknown";
}

}  // namespace xo::hw

namespace xo::hw {

void Machine::add_collective_knobs(int branching) {
  for (int i = 0; i < kCollectiveOps; ++i) {
    const auto op = static_cast<CollectiveOp>(i);
    ChoiceEnvVar var{{"XO_COLL_" + std::string(collective_knob_suffix(op)), 0, 0, 0, "algorithm",
                      "force the algorithm of every " + std::string(collective_name(op)) +
                          " that it can serve (auto: the machine's own choice)",
                      "knob of this tool"},
                     {}};
    for (Algorithm a : algorithms_for(op)) var.choices.emplace_back(algorithm_name(a));
    add_choice_env_var(std::move(var));
  }
  add_env_var({"XO_COLL_BRANCHING", branching, 2, 64, "children",
               "branching factor of tree algorithms (barrier gather and fetch-and-add trees, k-ary bcast and reduce)",
               "knob of this tool"});
  has_collective_knobs_ = true;
  refresh_all();
}

void Machine::add_placement(const PlacementSpec& spec) {
  add_parameter({"ranks_per_node", static_cast<double>(spec.ranks_per_node), "ranks", 1,
                 static_cast<double>(spec.max_ranks_per_node),
                 "ranks the launcher places on one node, consecutive ranks together (--ranks-per-node)",
                 spec.ranks_source});
  add_parameter({"hop_L", spec.hop_latency_us, "us", 0, 1e6,
                 "latency of each router hop beyond the first (ranks placed on the topology in order)",
                 spec.hop_source});
  if (spec.link_ns_per_byte >= 0) {
    add_parameter({"link_G", spec.link_ns_per_byte, "ns/byte", 0, 1e6,
                   "one router link's inverse bandwidth, one direction: messages crossing a link share it (0: no "
                   "link contention)",
                   spec.link_source});
  }
  topology_ = spec.topology;
}

int Machine::ranks_per_node_setting() const {
  return find_param("ranks_per_node") != nullptr ? static_cast<int>(param("ranks_per_node")) : 1;
}

LinkCost Machine::link(int src, int dst) const {
  if (through_shared_memory(src, dst)) return shared_memory_link();
  LinkCost cost = network_link(src, dst);
  const int hops = placement_.hops(src, dst);
  if (hops > 1) cost.latency += (hops - 1) * hop_latency_;
  return cost;
}

double Machine::wire_time(int src, int dst, std::int64_t bytes) const {
  if (through_shared_memory(src, dst)) return shared_memory_wire_time(bytes);
  return network_wire_time(src, dst, bytes);
}

ProtocolChoice Machine::protocol_between(std::int64_t bytes, SendMode mode, int src, int dst) const {
  return through_shared_memory(src, dst) ? choose_shared_memory_protocol(bytes, mode) : choose_protocol(bytes, mode);
}

void Machine::refresh_all() {
  placement_ = Placement(topology_, ranks_per_node_setting(), job_size_);
  hop_latency_ = find_param("hop_L") != nullptr ? param("hop_L") * 1e-6 : 0;
  link_gap_per_byte_ = find_param("link_G") != nullptr ? param("link_G") * 1e-9 : 0;
  ranks_per_endpoint_ = std::max(1, ranks_per_endpoint());
  refresh();
  if (!has_collective_knobs_) return;
  for (int i = 0; i < kCollectiveOps; ++i) {
    const auto op = static_cast<CollectiveOp>(i);
    forced_[i] =
        algorithms_for(op)[static_cast<std::size_t>(env("XO_COLL_" + std::string(collective_knob_suffix(op))))];
  }
  branching_override_ = static_cast<int>(env("XO_COLL_BRANCHING"));
}

CollectiveChoice Machine::collective(const CollectiveQuery& query) const {
  const CollectiveChoice own = choose_collective(query);
  CollectiveChoice choice = own;
  if (has_collective_knobs_) {
    const Algorithm forced = forced_[static_cast<int>(query.op)];
    if (forced != Algorithm::Auto) choice.algorithm = forced;
    choice.branching = branching_override_;
  }
  const auto serves = [&](Algorithm a) {
    const CollectiveAlgorithm* row = find_collective_algorithm(query.op, a);
    return row != nullptr && can_serve(*row, collective_hardware(), query);
  };
  if (!serves(choice.algorithm)) choice.algorithm = own.algorithm;
  if (!serves(choice.algorithm)) choice.algorithm = last_resort(query.op).algorithm;
  return choice;
}

const CollectiveHardware& Machine::collective_hardware() const {
  static const CollectiveHardware none;
  return none;
}

// Machines whose seed names no collective algorithms (loggp, T3D) keep MPICH2's (mpich2_collectives.hpp).
CollectiveChoice Machine::choose_collective(const CollectiveQuery& query) const {
  return mpich2_choice(query, Mpich2Thresholds{});
}

}  // namespace xo::hw
