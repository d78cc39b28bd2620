#include "xo/analyzer/fit/jump_test.hpp"

#include <algorithm>
#include <boost/math/distributions/fisher_f.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "input_checks.hpp"
#include "t_interval.hpp"

namespace xo::analyzer::fit {
namespace {

constexpr std::size_t kSizesPerSide = 3;  // a line with one residual degree of freedom
constexpr double kRelativeResolution = 1e-6;

struct Line {
  LinearFit fit;
  double weighted_sse = 0;
};

Line line_over(std::span<const double> x, std::span<const double> median, std::size_t begin, std::size_t end) {
  std::vector<double> weights;
  for (std::size_t i = begin; i < end; ++i) weights.push_back(1 / (median[i] * median[i]));
  LinearFit fit = LinearFit::line(x.subspan(begin, end - begin), median.subspan(begin, end - begin), weights);
  const double sigma = fit.residual_standard_error();
  const double sse = sigma * sigma * static_cast<double>(fit.degrees_of_freedom());
  return {std::move(fit), sse};
}

}  // namespace

std::optional<JumpTest> test_jump_at(std::span<const double> x, std::span<const double> median, double place,
                                     JumpWindow window, double significance) {
  require_same_size("x", x.size(), "median", median.size());
  require_finite("x", x);
  require_positive("median", median);
  if (!std::is_sorted(x.begin(), x.end()) || std::adjacent_find(x.begin(), x.end()) != x.end()) {
    throw std::invalid_argument("test_jump_at needs distinct x in increasing order");
  }
  if (!(window.low <= place && place <= window.high)) {
    throw std::invalid_argument("the window [" + std::to_string(window.low) + ", " + std::to_string(window.high) +
                                "] does not hold the place tested, " + std::to_string(place));
  }
  if (!(significance > 0 && significance < 1)) {
    throw std::invalid_argument("significance " + std::to_string(significance) + " must lie strictly between 0 and 1");
  }
  const std::size_t begin = std::lower_bound(x.begin(), x.end(), window.low) - x.begin();
  const std::size_t end = std::upper_bound(x.begin(), x.end(), window.high) - x.begin();
  // Where the right side starts: the first size from `place` on, and, when `place` was measured,
  // the first size above it.
  std::vector<std::size_t> splits = {static_cast<std::size_t>(std::lower_bound(x.begin(), x.end(), place) - x.begin())};
  const auto above = static_cast<std::size_t>(std::upper_bound(x.begin(), x.end(), place) - x.begin());
  if (above != splits.front()) splits.push_back(above);

  std::optional<JumpTest> best;
  std::optional<Line> one;
  // One part in a million of each median, as in the segmented fit: for noise-free (simulated) times
  // the ratio of two rounding errors must not decide.
  const double floor = kRelativeResolution * kRelativeResolution * static_cast<double>(end - begin);
  for (const std::size_t split : splits) {
    if (split < begin + kSizesPerSide || end < split + kSizesPerSide) continue;
    if (!one) one = line_over(x, median, begin, end);
    const Line left = line_over(x, median, begin, split);
    const Line right = line_over(x, median, split, end);
    const double two = left.weighted_sse + right.weighted_sse;
    const double residual_df = static_cast<double>(end - begin) - 4;
    const boost::math::fisher_f_distribution<double> null(2, residual_df);
    JumpTest test;
    test.critical_f =
        boost::math::quantile(boost::math::complement(null, significance / static_cast<double>(splits.size())));
    test.f = (one->weighted_sse - two) / 2 / (std::max(two, floor) / residual_df);
    const Estimate parts[] = {left.fit.predict(x[split]), right.fit.predict(x[split])};
    test.at = {x[split - 1], x[split],
               independent_sum_interval(parts[1].value - parts[0].value, parts, left.fit.level())};
    test.relative_jump = test.at.jump.value / parts[0].value;
    if (!best || test.f / test.critical_f > best->f / best->critical_f) best = test;
  }
  return best;
}

}  // namespace xo::analyzer::fit
