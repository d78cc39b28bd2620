// Segmented regression on synthetic protocol timings: no breakpoint in a single line, one and two
// at the right places with noise, outliers and log-spaced sizes, following the truth when it
// moves; noise-free data; and bad input.

#include "xo/analyzer/fit/segmented_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "protocol_samples.hpp"

namespace {

using xo::analyzer::fit::fit_segmented;
using xo::analyzer::fit::SegmentedFit;
using xo::analyzer::fit::SegmentedFitOptions;
using xo::analyzer::fit::SegmentWeighting;
using xo::analyzer::fit::testing::Noise;
using xo::analyzer::fit::testing::protocol_samples;
using xo::analyzer::fit::testing::Samples;
using xo::analyzer::fit::testing::xt3_like;

SegmentedFit fit(const Samples& s, const SegmentedFitOptions& options = {}) {
  return fit_segmented(s.bytes, s.seconds, options);
}

bool contains(const xo::analyzer::fit::Breakpoint& b, double boundary) {
  return b.left_x <= boundary && boundary < b.right_x;
}

TEST(SegmentedFit, ASingleNoisyLineStaysOneSegment) {
  int split = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const Samples s = protocol_samples([](double b) { return 5e-6 + 0.8e-9 * b; }, seed);
    split += fit(s).segments.size() > 1;
  }
  EXPECT_LE(split, 3) << "breakpoints invented in " << split << " of 100 single lines";
}

TEST(SegmentedFit, DifferentRelativeNoiseInTheFlatRegionIsNotABoundary) {
  // Flat 3 µs (latency-bound) to 256 B; the noise is 1 % below 64 B and 5 % above.
  int split = 0;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Samples quiet = protocol_samples([](double) { return 3e-6; }, seed, {0.01, 0.02, 10}, 5);
    const Samples loud = protocol_samples([](double) { return 3e-6; }, seed + 1000, {0.05, 0.02, 10}, 8);
    Samples s = quiet;
    for (std::size_t i = 0; i < loud.bytes.size(); ++i) {
      if (loud.bytes[i] >= 64) s.bytes.push_back(loud.bytes[i]), s.seconds.push_back(loud.seconds[i]);
    }
    split += fit(s).segments.size() > 1;
  }
  EXPECT_LE(split, 2);
}

TEST(SegmentedFit, FindsTheEagerToRendezvousSwitch) {
  // Eager up to 8192 B, rendezvous (an extra round trip, faster copy) above.
  const auto truth = [](double b) { return b <= 8192 ? 3e-6 + 1e-9 * b : 12e-6 + 0.5e-9 * b; };
  const Samples s = protocol_samples(truth, 21);
  const SegmentedFit result = fit(s);
  ASSERT_EQ(result.segments.size(), 2u);
  ASSERT_EQ(result.breakpoints.size(), 1u);
  EXPECT_TRUE(contains(result.breakpoints[0], 8192));
  EXPECT_EQ(result.breakpoints[0].left_x, 8192);
  EXPECT_EQ(result.breakpoints[0].right_x, 16384);
  const double true_jump = truth(16384) - (3e-6 + 1e-9 * 16384);
  EXPECT_LE(result.breakpoints[0].jump.lower, true_jump);
  EXPECT_GE(result.breakpoints[0].jump.upper, true_jump);
  const auto slope = result.segments[1].fit.coefficient("slope");
  EXPECT_LE(slope.lower, 0.5e-9);
  EXPECT_GE(slope.upper, 0.5e-9);
  EXPECT_EQ(result.segments[0].first_x, 1);
  EXPECT_EQ(result.segments[1].last_x, 1 << 20);
  EXPECT_FALSE(result.segments[0].outliers.empty());  // 2 % of the samples are gross outliers
}

TEST(SegmentedFit, FindsTheXt3sThreeProtocols) {
  const Samples s = protocol_samples([](double b) { return xt3_like(b); }, 31);
  const SegmentedFit result = fit(s);
  ASSERT_EQ(result.breakpoints.size(), 2u);
  EXPECT_TRUE(contains(result.breakpoints[0], 1024));
  EXPECT_TRUE(contains(result.breakpoints[1], 128000));
  const double slopes[] = {1e-9, 0.6e-9, 0.45e-9};
  const double intercepts[] = {4e-6, 6e-6, 20e-6};
  // Six coefficients from one seed: within 4 standard errors (at 95 % one in four seeds would miss).
  for (std::size_t i = 0; i < 3; ++i) {
    const auto slope = result.segments[i].fit.coefficient("slope");
    const auto intercept = result.segments[i].fit.coefficient("intercept");
    EXPECT_NEAR(slope.value, slopes[i], 4 * slope.standard_error) << i;
    EXPECT_NEAR(intercept.value, intercepts[i], 4 * intercept.standard_error) << i;
  }
  EXPECT_NEAR(result.predict(64), xt3_like(64), 0.02 * xt3_like(64));
  EXPECT_EQ(&result.segment_at(1500), &result.segments[0]);  // between 1024 and 2048: the left line
  EXPECT_EQ(&result.segment_at(2048), &result.segments[1]);
  EXPECT_EQ(&result.segment_at(1e9), &result.segments[2]);
}

TEST(SegmentedFit, TheFoundBoundaryFollowsTheTrueOne) {
  for (double vshort_limit : {256.0, 1024.0, 4096.0}) {
    for (double short_limit : {32768.0, 128000.0}) {
      const Samples s = protocol_samples([&](double b) { return xt3_like(b, vshort_limit, short_limit); }, 41);
      const SegmentedFit result = fit(s);
      ASSERT_EQ(result.breakpoints.size(), 2u) << vshort_limit << " " << short_limit;
      EXPECT_TRUE(contains(result.breakpoints[0], vshort_limit)) << vshort_limit;
      EXPECT_TRUE(contains(result.breakpoints[1], short_limit)) << short_limit;
    }
  }
}

TEST(SegmentedFit, NoiseFreeSimulatedDataGiveExactBoundariesAndNoNaN) {
  const Samples s = protocol_samples([](double b) { return xt3_like(b); }, 1, {0, 0, 2});
  const SegmentedFit result = fit(s);
  ASSERT_EQ(result.breakpoints.size(), 2u);
  EXPECT_EQ(result.breakpoints[0].left_x, 1024);
  EXPECT_EQ(result.breakpoints[1].left_x, 65536);
  for (const auto& segment : result.segments) {
    EXPECT_TRUE(segment.outliers.empty());
    EXPECT_GT(segment.fit.r_squared(), 0.999999);
    EXPECT_FALSE(std::isnan(segment.fit.coefficient("slope").upper));
  }
  // A constant time (no variation at all) is one segment, also without NaN.
  const Samples flat = protocol_samples([](double) { return 2e-6; }, 1, {0, 0, 3}, 10);
  const SegmentedFit one = fit(flat);
  EXPECT_EQ(one.segments.size(), 1u);
  EXPECT_EQ(one.segments[0].fit.r_squared(), 1);
}

TEST(SegmentedFit, AbsoluteWeightingForNoiseOfOneSize) {
  std::mt19937_64 rng(51);
  std::normal_distribution<double> noise(0, 0.2);
  std::vector<double> x, y;
  for (int i = 0; i < 30; ++i) {
    for (int r = 0; r < 4; ++r) x.push_back(i), y.push_back((i < 18 ? 1.0 + 0.1 * i : 6.0 - 0.05 * i) + noise(rng));
  }
  SegmentedFitOptions options;
  options.weighting = SegmentWeighting::absolute;
  const SegmentedFit result = fit_segmented(x, y, options);
  ASSERT_EQ(result.breakpoints.size(), 1u);
  EXPECT_EQ(result.breakpoints[0].left_x, 17);
  EXPECT_EQ(result.breakpoints[0].right_x, 18);
}

TEST(SegmentedFit, OptionsLimitTheSegments) {
  const Samples s = protocol_samples([](double b) { return xt3_like(b); }, 31);
  SegmentedFitOptions one;
  one.max_segments = 1;
  EXPECT_EQ(fit(s, one).segments.size(), 1u);
  EXPECT_EQ(fit(s, one).weighted_sse.size(), 1u);
  SegmentedFitOptions wide;
  wide.min_distinct_x_per_segment = 5;  // the long protocol spans only 4 sizes
  const SegmentedFit result = fit(s, wide);
  for (const auto& segment : result.segments) {
    EXPECT_GE(std::log2(segment.last_x) - std::log2(segment.first_x), 4);
  }
}

TEST(SegmentedFit, RefusesBadInput) {
  const std::vector<double> x{1, 2, 4, 8}, y{1, 2, 3, 4};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(fit_segmented(x, std::vector<double>{1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(fit_segmented(std::vector<double>{1, -2, 4, 8}, y), std::invalid_argument);
  EXPECT_THROW(fit_segmented(x, std::vector<double>{1, nan, 3, 4}), std::invalid_argument);
  EXPECT_THROW(fit_segmented(std::vector<double>{1, 2}, std::vector<double>{1, 2}), std::invalid_argument);
  EXPECT_THROW(fit_segmented(std::vector<double>{4, 4, 4, 4}, y), std::invalid_argument);
  EXPECT_THROW(fit_segmented(x, std::vector<double>{1, 0, 3, 4}), std::invalid_argument);  // relative, time 0
  SegmentedFitOptions options;
  options.max_segments = 0;
  EXPECT_THROW(fit_segmented(x, y, options), std::invalid_argument);
  options = {};
  options.min_distinct_x_per_segment = 1;
  EXPECT_THROW(fit_segmented(x, y, options), std::invalid_argument);
  options = {};
  options.significance = 0;
  EXPECT_THROW(fit_segmented(x, y, options), std::invalid_argument);
  options = {};
  options.level = -1;
  EXPECT_THROW(fit_segmented(x, y, options), std::invalid_argument);
  try {
    fit_segmented(std::vector<double>{1, -2, 4, 8}, y);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("x (sizes)[1]"), std::string::npos) << e.what();
  }
}

}  // namespace
