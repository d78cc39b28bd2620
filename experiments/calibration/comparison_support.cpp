#include "comparison_support.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace xo::calibration {

std::string format(double value) {
  std::ostringstream out;
  if ((value == std::floor(value) || std::abs(value) >= 1000) && std::abs(value) < 1e15) {
    out << std::llround(value);  // byte counts, defaults and large rates print in full
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
  const double target = c.role == Comparison::Role::Fitted ? kFittedTargetPercent : kPredictedTargetPercent;
  c.status = std::abs(*c.error_percent) <= target ? Comparison::Status::Within : Comparison::Status::Outside;
}

bool parse_range(const std::string& value, double& low, double& high) {
  const std::size_t dash = value.find('-');
  if (dash == std::string::npos || dash == 0) return false;
  low = std::strtod(value.substr(0, dash).c_str(), nullptr);
  high = std::strtod(value.substr(dash + 1).c_str(), nullptr);
  return high > low;
}

std::string parameter(const SeedFigure& figure, const std::string& key) {
  const auto it = figure.parameters.find(key);
  return it == figure.parameters.end() ? std::string() : it->second;
}

}  // namespace xo::calibration
