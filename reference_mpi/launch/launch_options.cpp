#include "launch_options.hpp"

#include <cstdlib>
#include <sstream>

#include "xo/hwmodels/machine_error.hpp"

namespace xo::mpi {

namespace {
std::string env_or(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}
}  // namespace

std::size_t parse_byte_size(const std::string& text) {
  if (text.empty()) return 0;
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits + 1 < text.size()) return 0;
  std::size_t value = std::stoull(text.substr(0, digits));
  if (digits < text.size()) {
    switch (text[digits]) {
      case 'k':
      case 'K': value <<= 10; break;
      case 'm':
      case 'M': value <<= 20; break;
      case 'g':
      case 'G': value <<= 30; break;
      default: return 0;
    }
  }
  return value;
}

bool privatize_from_environment() {
  const std::string value = env_or(kEnvPrivatize, "on");
  if (value == "on") return true;
  if (value == "off") return false;
  throw hw::MachineError("--privatize=" + value + " is not a privatization mode; use on or off");
}

SimulationOptions launch_options_from_environment() {
  SimulationOptions options;
  const std::string ranks = env_or(kEnvRanks, "1");
  char* end = nullptr;
  const long n = std::strtol(ranks.c_str(), &end, 10);
  if (*end != '\0' || n < 1 || n > (1L << 24)) {
    throw hw::MachineError(std::string(kEnvRanks) + "=" + ranks + " is not a rank count from 1 to 16777216");
  }
  options.ranks = static_cast<int>(n);
  options.machine = env_or(kEnvMachine, "loggp");
  std::istringstream params(env_or(kEnvParams, ""));
  for (std::string line; std::getline(params, line);) {
    if (!line.empty()) options.params.push_back(line);
  }
  const std::string compute = env_or(kEnvCompute, "measured");
  if (compute == "none") {
    options.compute = ComputeMode::None;
  } else if (compute == "measured") {
    options.compute = ComputeMode::Measured;
  } else {
    throw hw::MachineError("--compute=" + compute + " is not a compute mode; use none or measured");
  }
  const std::string threshold = env_or(kEnvComputeThreshold, "1us");
  options.compute_threshold_ns = parse_duration_ns(threshold);
  if (options.compute_threshold_ns < 0) {
    throw hw::MachineError("--compute-threshold=" + threshold +
                           " is not a duration: give a number with ns, us, ms or s (for example 1us, 500ns), or 0");
  }
  const std::string wall_limit = env_or(kEnvTimeLimit, "0");
  const std::int64_t wall_limit_ns = parse_duration_ns(wall_limit);
  if (wall_limit_ns < 0) {
    throw hw::MachineError("--time-limit=" + wall_limit +
                           " is not a duration: give a number with s, m or h (for "
                           "example 90s, 10m, 1h), or 0 for none");
  }
  options.time_limit_seconds = static_cast<double>(wall_limit_ns) * 1e-9;
  const std::string virtual_limit = env_or(kEnvVirtualTimeLimit, "0");
  const std::int64_t virtual_limit_ns = parse_duration_ns(virtual_limit);
  if (virtual_limit_ns < 0) {
    throw hw::MachineError("--virtual-time-limit=" + virtual_limit +
                           " is not a duration: give a number with ns, us, "
                           "ms, s, m or h (for example 2s, 500ms), or 0 for none");
  }
  options.virtual_time_limit_ps = virtual_limit_ns * 1000;
  const std::string stack = env_or(kEnvStack, "8M");
  options.stack_bytes = parse_byte_size(stack);
  if (options.stack_bytes < 16 * 1024) {
    throw hw::MachineError("--stack-size=" + stack + " is invalid: give at least 16K (suffixes K, M, G)");
  }
  return options;
}

std::int64_t parse_duration_ns(const std::string& text) {
  if (text == "0") return 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || !(value >= 0)) return -1;
  const std::string unit = end;
  const double scale = unit == "ns"                   ? 1
                       : unit == "us"                 ? 1e3
                       : unit == "ms"                 ? 1e6
                       : unit == "s"                  ? 1e9
                       : unit == "m" || unit == "min" ? 60e9
                       : unit == "h"                  ? 3600e9
                                                      : -1;
  const double ns = value * scale;
  if (scale < 0 || ns > 1e15) return -1;  // beyond 11 days: a typo, and far from int64's end
  return static_cast<std::int64_t>(ns + 0.5);
}

}  // namespace xo::mpi
