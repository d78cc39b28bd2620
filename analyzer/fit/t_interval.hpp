#pragma once
// Confidence intervals from Student's t distribution (quantiles from Boost.Math).

#include <span>

#include "xo/analyzer/fit/estimate.hpp"

namespace xo::analyzer::fit {

// The t with P(|T| ≤ t) = level, for degrees_of_freedom > 0 (fractional allowed).
double two_sided_t_quantile(double level, double degrees_of_freedom);

// value ± t·standard_error.
Estimate t_interval(double value, double standard_error, double degrees_of_freedom, double level);

// A value computed as a sum or difference of independent estimates: its standard error is the root
// sum of their squares and its degrees of freedom Welch–Satterthwaite's, (Σ se²)² / Σ (se⁴ / df)
// (Welch, Biometrika 34, 1947). When every part is exact the smallest df is used.
Estimate independent_sum_interval(double value, std::span<const Estimate> parts, double level);

}  // namespace xo::analyzer::fit
