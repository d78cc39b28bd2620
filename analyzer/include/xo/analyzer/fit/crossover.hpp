#pragma once
// Where two fitted curves cross: the x in a range where f1 − f2 changes sign. Between two fitted
// straight lines it is exact and comes with an uncertainty interval; between any two callables
// (piecewise lines from fit_segmented, models of several terms) it is found by a scan of the range
// and bisection of each bracketed sign change.

#include <functional>
#include <optional>
#include <vector>

#include "xo/analyzer/fit/linear_fit.hpp"

namespace xo::analyzer::fit {

using Curve = std::function<double(double)>;

struct Crossing {
  double x = 0;
  bool first_lower_before = false;  // f1 < f2 just below x (and f1 > f2 just above)
};

struct CrossingSearch {
  int grid_points = 1024;     // scan points, both ends included; crossings closer than a step may be missed
  bool log_spacing = false;   // geometric grid (for sizes spanning decades); needs lo > 0
  double x_tolerance = 1e-9;  // bisection stops when the bracket is this small relative to |x| (or 1)
};

// Every sign change of f1 − f2 in [lo, hi], in increasing x. A discontinuity where f1 − f2 jumps
// across zero counts as a crossing at the jump. Touching without crossing does not count. Throws
// std::invalid_argument for an empty or non-finite range, fewer than 2 grid points, a log grid
// with lo ≤ 0, or a curve that is not finite somewhere in the range.
std::vector<Crossing> find_crossings(const Curve& f1, const Curve& f2, double lo, double hi,
                                     const CrossingSearch& search = {});

struct LineCrossover {
  double x = 0;
  bool first_lower_before = false;
  // The x around the crossing where the two lines' confidence bands (each at its fit's level)
  // overlap, i.e. where the data cannot tell which line is lower; clipped to [lo, hi]. It is wider
  // than a confidence interval for x at the same level (the bands' overlap is a conservative test).
  double band_overlap_lower = 0;
  double band_overlap_upper = 0;
  bool overlap_reaches_lo = false;  // the bands still overlap at lo: the lower end is the range's
  bool overlap_reaches_hi = false;
};

// The crossing of two fits made by LinearFit::line in [lo, hi]; none when they do not cross there
// (parallel lines included). Throws std::invalid_argument if a fit is not a straight line or the
// range is empty or not finite.
std::optional<LineCrossover> find_crossover(const LinearFit& line1, const LinearFit& line2, double lo, double hi);

}  // namespace xo::analyzer::fit
