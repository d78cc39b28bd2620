#pragma once
// The Theil–Sen line (Theil 1950; Sen, JASA 63, 1968): slope the median of the slopes between
// pairs of points with different x, intercept the median of y − slope·x. Breakdown point 29 %.

#include <cstddef>
#include <span>

namespace xo::analyzer::fit {

struct TheilSenLine {
  double intercept;
  double slope;
};

// Up to kTheilSenAllPairs points use every pair; beyond, a fixed-seed sample of that many pairs (the
// result is only the start of the robust fit, and stays reproducible). Needs two distinct x.
inline constexpr std::size_t kTheilSenAllPairs = 250'000;
TheilSenLine theil_sen_line(std::span<const double> x, std::span<const double> y);

}  // namespace xo::analyzer::fit
