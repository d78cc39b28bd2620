#pragma once
// What every comparison of a simulated figure with a published one shares: number formatting,
// the error against the target, and reading a figure's parameters.

#include <string>

#include "xo/calibration/calibrator.hpp"

namespace xo::calibration {

// Byte counts, defaults and large rates in full; other values to four significant digits.
std::string format(double value);
// Sets c.simulated, c.error_percent and c.status (within kTargetErrorPercent or not).
void compare_number(Comparison& c, double simulated);
// "4096-8192" -> [4096, 8192]; false if the value is not a range.
bool parse_range(const std::string& value, double& low, double& high);
// The value of a figure's parameter `key` ("npes" of "npes=2"), empty if it has none.
std::string parameter(const SeedFigure& figure, const std::string& key);

}  // namespace xo::calibration
