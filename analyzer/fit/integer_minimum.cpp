#include "xo/analyzer/fit/integer_minimum.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace xo::analyzer::fit {

IntegerMinimum integer_argmin(const std::function<double(double)>& f, std::int64_t first, std::int64_t last) {
  if (first > last) {
    throw std::invalid_argument("integer_argmin: the range [" + std::to_string(first) + ", " + std::to_string(last) +
                                "] is empty");
  }
  if (last - first >= kMaxIntegerRange) {
    throw std::invalid_argument("integer_argmin: the range [" + std::to_string(first) + ", " + std::to_string(last) +
                                "] holds more than " + std::to_string(kMaxIntegerRange) + " integers");
  }
  std::vector<double> values;
  values.reserve(static_cast<std::size_t>(last - first + 1));
  std::size_t best = 0;
  for (std::int64_t k = first; k <= last; ++k) {
    const double value = f(static_cast<double>(k));
    if (!std::isfinite(value)) {
      throw std::invalid_argument("integer_argmin: the curve is not finite (" + std::to_string(value) + ") at " +
                                  std::to_string(k));
    }
    values.push_back(value);
    if (value < values[best]) best = values.size() - 1;
  }
  const auto neighbour = [&](std::size_t i) {
    return IntegerNeighbour{first + static_cast<std::int64_t>(i), values[i], values[i] - values[best]};
  };
  IntegerMinimum minimum{first + static_cast<std::int64_t>(best), values[best], std::nullopt, std::nullopt};
  if (best > 0) minimum.below = neighbour(best - 1);
  if (best + 1 < values.size()) minimum.above = neighbour(best + 1);
  return minimum;
}

}  // namespace xo::analyzer::fit
