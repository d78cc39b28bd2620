// Segmented regression for protocol boundaries. The choices and why:
//
// - Medians per distinct x, not the raw samples, go into the partition search: a median ignores a
//   late message or an OS hiccup, and the search is then over m distinct sizes (tens), not over
//   thousands of samples.
// - The fit is in the original scale (time = a + b·bytes is a line there, not in log–log), with
//   weights so that the decades do not swamp each other. `relative` (the default) weighs each
//   median by count/median², i.e. judges relative errors: times from 1 µs to 1 ms then count
//   alike, and in a flat small-message region (where all times are about equal) it is the same as
//   absolute weighting. Weights from each size's own measured spread were tried in thought and not
//   taken: a spread from a handful of samples is itself very noisy (a chance small spread makes one
//   size dominate), and simulated data has no spread at all.
// - The number of segments is chosen by sequential F tests, k → k + 1 while the extra segment
//   explains significantly more (Bai & Perron, Econometrica 66, 1998, the sup F(ℓ+1|ℓ) test):
//   F = [(SSE_k − SSE_{k+1})/3] / [SSE_{k+1}/ν], ν = m − 3(k+1) + 1 (two coefficients per segment
//   and one per breakpoint), against the F(3, ν) quantile at 1 − α/(m − 1): Bonferroni over the
//   m − 1 places a breakpoint can go, because the search picks the best of them. BIC was tried
//   first and split a single noisy line in 4 of 10 simulated cases (21 log-spaced sizes, 3 %
//   noise): counting 3 parameters per segment misses the search over breakpoint positions. With
//   the F test, a single line stays one segment in about 1 % of cases at α = 0.01 (the tests
//   check it), while protocol switches, which change times by far more than the noise of a
//   median, pass easily. One residual scale is shared by all segments: a criterion with a
//   variance per segment would reward splitting wherever the noise level changes, exactly the
//   flat small-message region with differing relative noise that must stay one segment.
// - SSE_k is kept above (10⁻⁶)²·Σ w·median², one part per million: for noise-free simulated data
//   SSE is rounding error once k is right, and the ratio of two rounding errors must not decide.
// - Each segment is refitted on its raw samples: a robust fit marks gross outliers (bisquare weight
//   0, beyond 4.685 robust standard deviations), and LinearFit fits the rest with the same weights,
//   so each segment gets classical standard errors and confidence bands.

#include "xo/analyzer/fit/segmented_fit.hpp"

#include <algorithm>
#include <boost/math/distributions/fisher_f.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "input_checks.hpp"
#include "optimal_partition.hpp"
#include "t_interval.hpp"
#include "xo/analyzer/fit/robust_fit.hpp"
#include "xo/analyzer/fit/samples_by_x.hpp"

namespace xo::analyzer::fit {
namespace {

constexpr double kRelativeResolution = 1e-6;
constexpr double kParametersPerExtraSegment = 3;  // intercept, slope, breakpoint
constexpr std::size_t kMinSamplesPerSegment = 3;  // a line with one residual degree of freedom

void check_inputs(std::span<const double> x, std::span<const double> y, const SegmentedFitOptions& options) {
  require_same_size("x", x.size(), "y", y.size());
  require_non_negative("x (sizes)", x);
  require_finite("y", y);
  require_level(options.level);
  if (!(options.significance > 0 && options.significance < 1)) {
    throw std::invalid_argument("significance " + std::to_string(options.significance) +
                                " must lie strictly between 0 and 1");
  }
  if (options.max_segments < 1) throw std::invalid_argument("max_segments must be at least 1");
  if (options.min_distinct_x_per_segment < 2) {
    throw std::invalid_argument("min_distinct_x_per_segment must be at least 2 (a line needs two distinct x)");
  }
  if (x.size() < kMinSamplesPerSegment) {
    throw std::invalid_argument("a segmented fit needs at least 3 samples, got " + std::to_string(x.size()));
  }
}

std::vector<double> median_weights(const SamplesByX& groups, SegmentWeighting weighting) {
  std::vector<double> weights(groups.groups());
  for (std::size_t g = 0; g < groups.groups(); ++g) {
    const double count = static_cast<double>(groups.count(g));
    if (weighting == SegmentWeighting::absolute) {
      weights[g] = count;
      continue;
    }
    if (!(groups.median[g] > 0)) {
      throw std::invalid_argument("relative weighting needs positive times; the median at x = " +
                                  std::to_string(groups.x[g]) + " is " + std::to_string(groups.median[g]));
    }
    weights[g] = count / (groups.median[g] * groups.median[g]);
  }
  return weights;
}

Segment fit_segment(std::span<const double> x, std::span<const double> y, const SamplesByX& groups,
                    std::span<const double> group_weights, std::size_t first_group, std::size_t end_group,
                    double level) {
  std::vector<std::size_t> members;
  std::vector<double> xs, ys, ws;
  for (std::size_t g = first_group; g < end_group; ++g) {
    for (std::size_t s = groups.group_begin[g]; s < groups.group_begin[g + 1]; ++s) {
      members.push_back(groups.order[s]);
      xs.push_back(x[groups.order[s]]);
      ys.push_back(y[groups.order[s]]);
      ws.push_back(group_weights[g] / static_cast<double>(groups.count(g)));  // per sample
    }
  }
  RobustFitOptions robust_options;
  robust_options.level = level;
  const RobustFit robust = fit_robust_line(xs, ys, ws, robust_options);

  std::vector<double> kept_x, kept_y, kept_w;
  std::vector<std::size_t> outliers;
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (robust.robustness_weights(static_cast<Eigen::Index>(i)) == 0) {
      outliers.push_back(members[i]);
      continue;
    }
    kept_x.push_back(xs[i]);
    kept_y.push_back(ys[i]);
    kept_w.push_back(ws[i]);
  }
  std::sort(outliers.begin(), outliers.end());
  return {groups.x[first_group], groups.x[end_group - 1], LinearFit::line(kept_x, kept_y, kept_w, level),
          std::move(outliers)};
}

}  // namespace

const Segment& SegmentedFit::segment_at(double x) const {
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
    if (x < segments[i + 1].first_x) return segments[i];
  }
  return segments.back();
}

SegmentedFit fit_segmented(std::span<const double> x, std::span<const double> y, const SegmentedFitOptions& options) {
  check_inputs(x, y, options);
  const SamplesByX groups = group_samples_by_x(x, y);
  const std::size_t m = groups.groups();
  if (m < 2)
    throw std::invalid_argument("a segmented fit needs at least two distinct x; all x equal " +
                                std::to_string(groups.x[0]));
  const std::vector<double> weights = median_weights(groups, options.weighting);
  std::vector<std::size_t> counts(m);
  for (std::size_t g = 0; g < m; ++g) counts[g] = groups.count(g);

  const PartitionLimits limits{options.max_segments, options.min_distinct_x_per_segment, kMinSamplesPerSegment};
  const std::vector<std::optional<Partition>> partitions =
      optimal_partitions(groups.x, groups.median, weights, counts, limits);
  if (!partitions[0]) {
    throw std::invalid_argument("a segmented fit needs at least " + std::to_string(options.min_distinct_x_per_segment) +
                                " distinct x and 3 samples; got " + std::to_string(m) + " distinct x");
  }

  double total_square = 0;
  for (std::size_t g = 0; g < m; ++g) total_square += weights[g] * groups.median[g] * groups.median[g];
  const double floor =
      std::max(kRelativeResolution * kRelativeResolution * total_square, std::numeric_limits<double>::min());

  SegmentedFit result;
  for (const std::optional<Partition>& partition : partitions) {
    result.weighted_sse.push_back(partition ? partition->weighted_sse : std::numeric_limits<double>::infinity());
  }
  const double md = static_cast<double>(m);
  std::size_t chosen = 0;  // segments − 1
  while (chosen + 1 < partitions.size() && partitions[chosen + 1]) {
    const double residual_df = md - kParametersPerExtraSegment * static_cast<double>(chosen + 2) + 1;
    if (residual_df < 1) break;
    const double before = std::max(partitions[chosen]->weighted_sse, floor);
    const double after = std::max(partitions[chosen + 1]->weighted_sse, floor);
    const double f = (before - after) / kParametersPerExtraSegment / (after / residual_df);
    const boost::math::fisher_f_distribution<double> null(kParametersPerExtraSegment, residual_df);
    if (!(f > boost::math::quantile(boost::math::complement(null, options.significance / (md - 1))))) break;
    ++chosen;
  }

  const std::vector<std::size_t>& starts = partitions[chosen]->segment_starts;
  for (std::size_t s = 0; s < starts.size(); ++s) {
    const std::size_t end = s + 1 < starts.size() ? starts[s + 1] : m;
    result.segments.push_back(fit_segment(x, y, groups, weights, starts[s], end, options.level));
  }
  for (std::size_t s = 0; s + 1 < result.segments.size(); ++s) {
    const Segment& left = result.segments[s];
    const Segment& right = result.segments[s + 1];
    const Estimate parts[] = {left.fit.predict(right.first_x), right.fit.predict(right.first_x)};
    result.breakpoints.push_back(
        {left.last_x, right.first_x, independent_sum_interval(parts[1].value - parts[0].value, parts, options.level)});
  }
  return result;
}

}  // namespace xo::analyzer::fit
