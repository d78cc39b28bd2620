#include "xo/analyzer/fit/crossover.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace xo::analyzer::fit {
namespace {

constexpr int kMaxBisections = 200;
constexpr int kBandScanPoints = 1024;

void check_range(double lo, double hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi)) {
    throw std::invalid_argument("the crossing search range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                "] must be finite with lo < hi");
  }
}

double finite_value(const Curve& f, const char* name, double x) {
  const double value = f(x);
  if (!std::isfinite(value)) {
    throw std::invalid_argument(std::string(name) + " is not finite (" + std::to_string(value) +
                                ") at x = " + std::to_string(x));
  }
  return value;
}

// The boundary between `inside` (g ≤ 0) and `outside` (g > 0), in either order, by bisection.
template <typename Function>
double bisect(const Function& g, double inside, double outside, double relative_tolerance) {
  for (int i = 0; i < kMaxBisections; ++i) {
    if (std::abs(outside - inside) <= relative_tolerance * std::max({std::abs(inside), std::abs(outside), 1.0})) break;
    const double mid = inside + (outside - inside) / 2;
    (g(mid) > 0 ? outside : inside) = mid;
  }
  return inside + (outside - inside) / 2;
}

// Where, walking from `from` towards `to`, the bands stop overlapping (separation(x) > 0), or
// nothing if they overlap all the way. separation(from) ≤ 0.
template <typename Function>
std::optional<double> end_of_overlap(const Function& separation, double from, double to) {
  double previous = from;
  for (int i = 1; i <= kBandScanPoints; ++i) {
    const double x = i == kBandScanPoints ? to : from + (to - from) * i / kBandScanPoints;
    if (separation(x) > 0) return bisect(separation, previous, x, 1e-12);
    previous = x;
  }
  return std::nullopt;
}

}  // namespace

std::vector<Crossing> find_crossings(const Curve& f1, const Curve& f2, double lo, double hi,
                                     const CrossingSearch& search) {
  check_range(lo, hi);
  if (search.grid_points < 2) throw std::invalid_argument("a crossing search needs at least 2 grid points");
  if (search.log_spacing && !(lo > 0)) throw std::invalid_argument("a logarithmic crossing search needs lo > 0");
  if (!(search.x_tolerance > 0)) throw std::invalid_argument("the crossing search tolerance must be > 0");

  const auto difference = [&](double x) { return finite_value(f1, "f1", x) - finite_value(f2, "f2", x); };
  const int n = search.grid_points;
  std::vector<double> grid(n);
  for (int i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / (n - 1);
    grid[i] = search.log_spacing ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t;
  }
  grid.back() = hi;

  std::vector<Crossing> crossings;
  int last_nonzero = -1;
  double last_value = 0;
  for (int i = 0; i < n; ++i) {
    const double value = difference(grid[i]);
    if (value == 0) continue;
    if (last_nonzero >= 0 && (value < 0) != (last_value < 0)) {
      // Adjacent grid points bracket the crossing; after a run of exact zeros it is the run's middle.
      const double side = value > 0 ? 1.0 : -1.0;
      const auto towards_here = [&](double at) { return side * difference(at); };
      const double x = last_nonzero == i - 1 ? bisect(towards_here, grid[i - 1], grid[i], search.x_tolerance)
                                             : grid[(last_nonzero + 1 + i - 1) / 2];
      crossings.push_back({x, last_value < 0});
    }
    last_nonzero = i;
    last_value = value;
  }
  return crossings;
}

std::optional<LineCrossover> find_crossover(const LinearFit& line1, const LinearFit& line2, double lo, double hi) {
  if (!line1.is_line() || !line2.is_line()) {
    throw std::invalid_argument("find_crossover needs two straight-line fits (LinearFit::line)");
  }
  check_range(lo, hi);
  const double intercept_difference = line1.coefficients()(0) - line2.coefficients()(0);
  const double slope_difference = line1.coefficients()(1) - line2.coefficients()(1);
  if (slope_difference == 0) return std::nullopt;
  const double x = -intercept_difference / slope_difference;
  if (x < lo || x > hi) return std::nullopt;

  // Positive where the bands are apart: |difference of lines| minus the sum of the half-widths.
  const auto separation = [&](double at) {
    const Estimate a = line1.predict(at);
    const Estimate b = line2.predict(at);
    return std::abs(a.value - b.value) - (a.upper - a.value) - (b.upper - b.value);
  };
  LineCrossover crossover;
  crossover.x = x;
  crossover.first_lower_before = slope_difference > 0;
  const std::optional<double> lower = end_of_overlap(separation, x, lo);
  const std::optional<double> upper = end_of_overlap(separation, x, hi);
  crossover.band_overlap_lower = lower.value_or(lo);
  crossover.band_overlap_upper = upper.value_or(hi);
  crossover.overlap_reaches_lo = !lower;
  crossover.overlap_reaches_hi = !upper;
  return crossover;
}

}  // namespace xo::analyzer::fit
