#include "xo/calibration/calibrator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "collective_figures.hpp"
#include "comparison_support.hpp"
#include "figure_roles.hpp"
#include "xo/calibration/experiments.hpp"
#include "xo/hwmodels/machine_registry.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::calibration {

namespace {

// Switch points a sweep can measure: the last size of a machine's named protocol path.
struct PathLimit {
  const char* machine;
  const char* figure;
  const char* path;
  bool exclusive;  // the published figure is the first size off the path ("below 64 words")
};
constexpr PathLimit kPathLimits[] = {
    {"xt3", "eager_short_limit", "short", false},       // seed 002: short protocol up to MPICH_MAX_SHORT_MSG_SIZE
    {"xt3", "vshort_limit", "vshort", false},           // seed 002: vshort path up to MPICH_MAX_VSHORT_MSG_SIZE
    {"xe6", "e0_mailbox_max_user_bytes", "E0", false},  // seed 004 slide 12: E0 payload by job size
    {"t3d", "t_protocol_limit", "T", false},            // seed 003: under 3 words inline
    {"t3e", "t_protocol_limit", "T", false},            // seed 003: up to 7 words inline
    {"x1", "inline_payload_limit", "inline", true},     // seed 000: inline below 64 words
};

// Figures that are a model parameter rather than something a run can show (a packet size).
struct ParameterFigure {
  const char* machine;
  const char* figure;
  const char* parameter;
};
constexpr ParameterFigure kParameterFigures[] = {
    {"t3d", "protocol_packet", "packet_bytes"},
    {"t3e", "protocol_packet", "hw_packet_bytes"},
};

// The job size a figure's parameters describe ("ranks<=1024", "1024<ranks<=16384",
// "ranks>16384"): the largest size of the bracket, or one above an open lower bound; 2 if none.
int job_size_of(const SeedFigure& figure) {
  for (const auto& [key, value] : figure.parameters) {
    const std::string text = value.empty() ? key : key + "=" + value;
    if (const auto at = text.find("ranks<="); at != std::string::npos) return std::atoi(text.c_str() + at + 7);
    if (const auto at = text.find("ranks>"); at != std::string::npos) return std::atoi(text.c_str() + at + 6) + 1;
  }
  return 2;
}

// The environment variable a row's parameters name, if the machine reads it.
std::string named_variable(const hw::Machine& machine, const SeedFigure& figure) {
  for (const auto& [key, value] : figure.parameters) {
    if (machine.find_env_var(key) != nullptr) return key;
  }
  return {};
}

// The machine as the figure's experiment ran it: the AP1000's CellOS-level rows without the MPI
// layer (on messages and broadcasts), the T3E rows with the library version they name and
// buffering off as in the paper.
MachineSetup setup_for(const hw::Machine& machine, const SeedFigure& figure) {
  MachineSetup setup{machine.name(), {}, {}, job_size_of(figure)};
  if (parameter(figure, "impl") == "cellos") setup.params = {"mpi_layer=0", "bnet_mpi_layer=0", "bnet_mpi_G=0"};
  if (const std::string version = parameter(figure, "version"); !version.empty()) {
    // Seed 003: "message buffering was suppressed by setting MPP_BUFFER_MAX=0".
    setup.env = {{"XO_T3E_HW_QUEUES", version == "old" ? "0" : "1"}, {"MPP_BUFFER_MAX", "0"}};
    setup.ranks = 8;  // seed 003: runs on 8 processors
  }
  return setup;
}

// Seed 001 Figure 3: round trips of n doubles out and an empty acknowledgement back; latency is
// half the fitted line's intercept, bandwidth the inverse of its slope.
Line ack_pingpong_line(const MachineSetup& setup) {
  std::vector<double> bytes;
  std::vector<double> seconds;
  for (std::int64_t doubles = 0; doubles <= 10000; doubles += 1000) {
    bytes.push_back(static_cast<double>(doubles * 8));
    seconds.push_back(round_trip(setup, doubles * 8, 0));
  }
  return fit_line(bytes, seconds);
}

Comparison compare(const hw::Machine& machine, const SeedFigure& figure, const std::vector<std::string>& params) {
  Comparison c;
  c.figure = figure;
  c.fitted_parameters = parameters_fitted_to(figure);
  c.role = c.fitted_parameters.empty() ? Comparison::Role::Predicted : Comparison::Role::Fitted;
  MachineSetup setup = setup_for(machine, figure);
  setup.params.insert(setup.params.begin(), params.begin(), params.end());
  for (const PathLimit& limit : kPathLimits) {
    if (machine.name() == limit.machine && figure.figure == limit.figure) {
      const std::int64_t largest = largest_size_on_path(setup, limit.path);
      c.method = limit.exclusive ? "first size past" : "largest message on";
      c.method.append(" the '").append(limit.path).append("' path (size sweep, ");
      c.method.append(std::to_string(setup.ranks)).append(" ranks)");
      compare_number(c, static_cast<double>(limit.exclusive ? largest + 1 : largest));
      return c;
    }
  }
  for (const ParameterFigure& p : kParameterFigures) {
    if (machine.name() == p.machine && figure.figure == p.figure) {
      c.method = std::string("model parameter ") + p.parameter;
      c.measured = false;
      compare_number(c, machine.param(p.parameter));
      return c;
    }
  }
  if (figure.parameters.count("impl") != 0 &&
      (figure.figure == "pingpong_latency" || figure.figure == "pt2pt_bandwidth")) {
    const Line line = ack_pingpong_line(setup);
    const bool latency = figure.figure == "pingpong_latency";
    c.method = "ping-pong with empty acknowledgement, 0-10000 doubles, ";
    c.method.append(latency ? "half the line's intercept" : "inverse of the line's slope");
    if (parameter(figure, "impl") == "cellos") c.method.append(" (MPI layer off: mpi_layer=0)");
    compare_number(c, latency ? line.intercept / 2 * 1e6 : 1e-6 / line.slope);
    return c;
  }
  if (figure.figure == "asymptotic_latency") {
    const Line line = half_round_trip_line(setup, {16384, 32768, 65536, 131072, 262144});
    c.method = "intercept of a straight-line fit of ping-pong times, 16-256 KB, MPP_BUFFER_MAX=0, ";
    c.method.append(setup.env.at("XO_T3E_HW_QUEUES") == "1" ? "hardware queues" : "SHMEM queue");
    compare_number(c, line.intercept * 1e6);
    return c;
  }
  if (figure.figure == "pt2pt_bandwidth" && figure.parameters.count("bytes") != 0) {
    const auto bytes = std::strtoll(figure.parameters.at("bytes").c_str(), nullptr, 10);
    c.method = "ping-pong bandwidth at " + figure.parameters.at("bytes") + " bytes";
    MachineSetup job = setup;
    if (figure.parameters.count("npes") != 0) {  // the figure's job, placed as the machine places it
      job.ranks = static_cast<int>(std::strtol(figure.parameters.at("npes").c_str(), nullptr, 10));
      job.as_placed = true;
      c.method += ", ranks 0 and 1 of " + figure.parameters.at("npes") + " as placed";
    }
    compare_number(c, pingpong_bandwidth(job, bytes) / 1e6);
    return c;
  }
  if (figure.figure == "half_bandwidth_message_size") {
    double low = 0;
    double high = 0;
    if (!parse_range(figure.value, low, high)) return c;
    const auto size = static_cast<double>(half_bandwidth_size(setup, 16 << 20));
    c.method = "smallest ping-pong reaching half the 16 MB bandwidth (bisection)";
    c.simulated = format(size) + " " + figure.unit;
    c.status = size >= low && size <= high ? Comparison::Status::InRange : Comparison::Status::OutOfRange;
    return c;
  }
  if (figure.figure == "mailbox_memory_grows") {
    // Seed 004 slide 10: the SMSG mailbox memory a rank sets aside, against the ranks in the job,
    // with every peer connected (the worst case the slide plots); the E0 payload shrinks with the
    // job size (slide 12), so the growth is the model's, not a constant's.
    std::vector<double> mib;
    std::string text;
    for (const int ranks : {1024, 16384, 65536, 131072}) {
      const auto m = hw::configured_machine(machine.name(), ranks, setup.params, hw::lookup_in(setup.env));
      mib.push_back(static_cast<double>(m->reserved_memory().bytes_per_rank) / (1 << 20));
      text += (text.empty() ? "" : ", ") + format(mib.back()) + " MiB at " + std::to_string(ranks);
    }
    c.method = "mailbox memory per rank with every peer connected, by job size";
    c.simulated = text;
    c.status = std::is_sorted(mib.begin(), mib.end()) && mib.front() < mib.back() ? Comparison::Status::Holds
                                                                                  : Comparison::Status::Fails;
    return c;
  }
  if (compare_collective_figure(setup, c)) return c;
  if (const std::string var = named_variable(machine, figure); !var.empty()) {
    if (const hw::EnvVar* v = machine.find_env_var(var)) {
      c.method = "default of " + var;
      c.measured = false;
      compare_number(c, static_cast<double>(machine.env_default(*v)));
    }
    return c;
  }
  c.method = "not modelled yet";
  return c;
}

}  // namespace

std::vector<Comparison> calibrate(const std::string& machine_name, const std::vector<SeedFigure>& figures,
                                  const std::vector<std::string>& params) {
  const auto machine = hw::builtin_machines().create(machine_name);
  for (const std::string& assignment : params) machine->set_param_assignment(assignment);
  std::vector<Comparison> comparisons;
  for (const SeedFigure& figure : figures) {
    if (figure.machine == machine_name) comparisons.push_back(compare(*machine, figure, params));
  }
  return comparisons;
}

}  // namespace xo::calibration
