#pragma once
// The integer that minimises a fitted curve over a range, e.g. the tree branching factor with the
// shortest predicted barrier time, and how much worse its neighbours are (a flat minimum means the
// choice matters little).

#include <cstdint>
#include <functional>
#include <optional>

namespace xo::analyzer::fit {

struct IntegerNeighbour {
  std::int64_t at = 0;
  double value = 0;
  double excess = 0;  // value − the minimum (≥ 0)
};

struct IntegerMinimum {
  std::int64_t at = 0;  // the smallest minimiser when several tie
  double value = 0;
  std::optional<IntegerNeighbour> below;  // at − 1, absent at the range's first integer
  std::optional<IntegerNeighbour> above;  // at + 1, absent at the range's last integer
};

inline constexpr std::int64_t kMaxIntegerRange = 10'000'000;

// Evaluates f at every integer in [first, last]. Throws std::invalid_argument if first > last, the
// range holds more than kMaxIntegerRange integers, or f is not finite at one of them.
IntegerMinimum integer_argmin(const std::function<double(double)>& f, std::int64_t first, std::int64_t last);

}  // namespace xo::analyzer::fit
