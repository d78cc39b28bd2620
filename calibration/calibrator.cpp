#include "xo/calibration/calibrator.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "xo/calibration/experiments.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace xo::calibration {

namespace {

// Switch points a sweep can measure: the last size of a machine's named protocol path.
struct PathLimit {
  const char* machine;
  const char* figure;
  const char* path;
};
constexpr PathLimit kPathLimits[] = {
    {"xt3", "eager_short_limit", "short"},       // seed 002: short protocol up to MPICH_MAX_SHORT_MSG_SIZE
    {"xt3", "vshort_limit", "vshort"},           // seed 002: vshort path up to MPICH_MAX_VSHORT_MSG_SIZE
    {"xe6", "e0_mailbox_max_user_bytes", "E0"},  // seed 004 slide 12: E0 payload by job size
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

std::string format(double value) {
  std::ostringstream out;
  if (value == std::floor(value) && std::abs(value) < 1e15) {
    out << static_cast<long long>(value);  // byte counts and defaults print in full
  } else {
    out.precision(4);
    out << value;
  }
  return out.str();
}

void compare_number(Comparison& c, double simulated) {
  const double published = std::strtod(c.figure.value.c_str(), nullptr);
  c.simulated = format(simulated) + " " + c.figure.unit;
  c.error_percent = published != 0 ? 100.0 * (simulated - published) / published : 0.0;
  c.status = std::abs(*c.error_percent) <= kTargetErrorPercent ? Comparison::Status::Within
                                                                : Comparison::Status::Outside;
}

// "4096-8192" -> [4096, 8192]; false if the value is not a range.
bool parse_range(const std::string& value, double& low, double& high) {
  const std::size_t dash = value.find('-');
  if (dash == std::string::npos || dash == 0) return false;
  low = std::strtod(value.substr(0, dash).c_str(), nullptr);
  high = std::strtod(value.substr(dash + 1).c_str(), nullptr);
  return high > low;
}

// The environment variable a row's parameters name, if the machine reads it.
std::string named_variable(const hw::Machine& machine, const SeedFigure& figure) {
  for (const auto& [key, value] : figure.parameters) {
    for (const hw::EnvVar& var : machine.env_vars()) {
      if (var.name == key) return key;
    }
  }
  return {};
}

Comparison compare(const hw::Machine& machine, const SeedFigure& figure) {
  Comparison c{figure, Comparison::Status::NotModelled, "", std::nullopt, "", true};
  const MachineSetup setup{machine.name(), {}, {}, job_size_of(figure)};
  for (const PathLimit& limit : kPathLimits) {
    if (machine.name() == limit.machine && figure.figure == limit.figure) {
      c.method = std::string("largest message on the '") + limit.path + "' path (size sweep, " +
                 std::to_string(setup.ranks) + " ranks)";
      compare_number(c, static_cast<double>(largest_size_on_path(setup, limit.path)));
      return c;
    }
  }
  if (figure.figure == "pt2pt_bandwidth" && figure.parameters.count("bytes") != 0) {
    const auto bytes = std::strtoll(figure.parameters.at("bytes").c_str(), nullptr, 10);
    c.method = "ping-pong bandwidth at " + figure.parameters.at("bytes") + " bytes";
    compare_number(c, pingpong_bandwidth(setup, bytes) / 1e6);
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
  if (const std::string var = named_variable(machine, figure); !var.empty()) {
    for (const hw::EnvVar& v : machine.env_vars()) {
      if (v.name != var) continue;
      c.method = "default of " + var;
      c.measured = false;
      compare_number(c, static_cast<double>(machine.env_default(v)));
    }
    return c;
  }
  c.method = "not modelled yet";
  return c;
}

}  // namespace

std::vector<Comparison> calibrate(const std::string& machine_name, const std::vector<SeedFigure>& figures) {
  const auto machine = hw::builtin_machines().create(machine_name);
  std::vector<Comparison> comparisons;
  for (const SeedFigure& figure : figures) {
    if (figure.machine == machine_name) comparisons.push_back(compare(*machine, figure));
  }
  return comparisons;
}

}  // namespace xo::calibration
