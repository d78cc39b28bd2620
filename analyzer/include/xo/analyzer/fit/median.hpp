#pragma once
// The median, the robust centre used for per-size summaries and residual scales.

#include <vector>

namespace xo::analyzer::fit {

// Of a non-empty sample (taken by value: it is reordered); the mean of the two middle values when
// the count is even.
double median(std::vector<double> values);

}  // namespace xo::analyzer::fit
