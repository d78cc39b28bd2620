// LogGP parameters recovered from per-message samples generated from known L, o_s, o_r, g, G.

#include "xo/analyzer/fit/loggp_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace {

using xo::analyzer::fit::Estimate;
using xo::analyzer::fit::fit_loggp;
using xo::analyzer::fit::LogGpFitOptions;
using xo::analyzer::fit::LogGpSample;

struct Truth {
  double latency = 5e-6, send_overhead = 1.5e-6, receive_overhead = 2e-6, gap = 3e-6, gap_per_byte = 0.5e-9;
};

// Absolute noise of `sigma` seconds on every time, and a few late messages (+20 µs).
std::vector<LogGpSample> samples_of(const Truth& t, std::uint64_t seed, double sigma = 50e-9,
                                    double outlier_fraction = 0.02, bool with_gaps = true) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0, sigma);
  std::uniform_real_distribution<double> uniform(0, 1);
  const auto measured = [&](double seconds) {
    return std::max(0.0, seconds + noise(rng) + (uniform(rng) < outlier_fraction ? 20e-6 : 0.0));
  };
  std::vector<LogGpSample> samples;
  for (int e = 0; e <= 16; ++e) {
    const double k = std::ldexp(1.0, e);
    for (int r = 0; r < 12; ++r) {
      LogGpSample s;
      s.bytes = k;
      s.send_call_seconds = measured(t.send_overhead);
      s.receive_call_seconds = measured(t.receive_overhead);
      s.end_to_end_seconds = measured(t.send_overhead + (k - 1) * t.gap_per_byte + t.latency + t.receive_overhead);
      if (with_gaps) s.gap_seconds = measured(t.gap + (k - 1) * t.gap_per_byte);
      samples.push_back(s);
    }
  }
  return samples;
}

bool holds(const Estimate& e, double truth) { return e.lower <= truth && truth <= e.upper; }

// A fixed-seed check of several parameters at once uses 4 standard errors: at the 95 % interval one
// of five would miss in a fifth of seeds by design. The coverage tests check the intervals.
bool near(const Estimate& e, double truth) { return std::abs(e.value - truth) <= 4 * e.standard_error; }

TEST(LogGpFit, RecoversKnownParametersWithinTheirIntervals) {
  const Truth t;
  const auto fit = fit_loggp(samples_of(t, 81));
  EXPECT_TRUE(near(fit.latency, t.latency)) << fit.latency.value;
  EXPECT_TRUE(near(fit.send_overhead, t.send_overhead)) << fit.send_overhead.value;
  EXPECT_TRUE(near(fit.receive_overhead, t.receive_overhead)) << fit.receive_overhead.value;
  EXPECT_TRUE(near(fit.gap_per_byte, t.gap_per_byte)) << fit.gap_per_byte.value;
  ASSERT_TRUE(fit.gap.has_value());
  EXPECT_TRUE(near(*fit.gap, t.gap)) << fit.gap->value;
  EXPECT_FALSE(fit.gap_may_be_send_overhead);
  EXPECT_NEAR(fit.latency.value, t.latency, 0.05e-6);
  EXPECT_FALSE(fit.end_to_end_fit.rejected.empty());  // the late messages
  // L's standard error combines the three intercepts'.
  const double expected_se = std::hypot(fit.end_to_end_fit.fit.coefficient("intercept").standard_error,
                                        fit.send_overhead.standard_error, fit.receive_overhead.standard_error);
  EXPECT_NEAR(fit.latency.standard_error, expected_se, 1e-15);
}

TEST(LogGpFit, IntervalsCoverTheTruth) {
  const Truth t;
  int latency = 0, per_byte = 0, gap = 0;
  const int trials = 200;
  for (int trial = 0; trial < trials; ++trial) {
    const auto fit = fit_loggp(samples_of(t, 1000 + trial));
    latency += holds(fit.latency, t.latency);
    per_byte += holds(fit.gap_per_byte, t.gap_per_byte);
    gap += holds(*fit.gap, t.gap);
  }
  for (int hits : {latency, per_byte, gap}) {
    EXPECT_GE(hits, 0.91 * trials);
    EXPECT_LE(hits, 0.99 * trials);
  }
}

TEST(LogGpFit, TheParametersFollowTheMachine) {
  Truth slower;
  slower.latency = 9e-6;
  slower.gap_per_byte = 2e-9;
  const auto fit = fit_loggp(samples_of(slower, 82));
  EXPECT_TRUE(near(fit.latency, 9e-6)) << fit.latency.value;
  EXPECT_TRUE(near(fit.gap_per_byte, 2e-9)) << fit.gap_per_byte.value;
}

TEST(LogGpFit, GapIsOptionalAndFlaggedWhenOverheadBound) {
  EXPECT_FALSE(fit_loggp(samples_of(Truth{}, 83, 50e-9, 0.02, false)).gap.has_value());
  Truth overhead_bound;
  overhead_bound.gap = 1.5e-6;  // the sender's overhead, as when o_s ≥ g
  EXPECT_TRUE(fit_loggp(samples_of(overhead_bound, 84)).gap_may_be_send_overhead);
}

TEST(LogGpFit, RefusesBadInput) {
  const auto good = samples_of(Truth{}, 85);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto bad = good;
  bad[3].bytes = -1;
  EXPECT_THROW(fit_loggp(bad), std::invalid_argument);
  bad = good;
  bad[4].end_to_end_seconds = nan;
  EXPECT_THROW(fit_loggp(bad), std::invalid_argument);
  bad = good;
  bad[5].send_call_seconds = -1e-6;
  EXPECT_THROW(fit_loggp(bad), std::invalid_argument);
  bad = good;
  for (auto& s : bad) s.receive_call_seconds.reset();
  EXPECT_THROW(fit_loggp(bad), std::invalid_argument);
  bad = good;
  for (auto& s : bad) s.bytes = 64;  // one size: no slope
  EXPECT_THROW(fit_loggp(bad), std::invalid_argument);
  LogGpFitOptions options;
  options.max_gap_bytes = 0;  // every gap sample is of a larger message: no g, as for a long protocol
  EXPECT_FALSE(fit_loggp(good, options).gap.has_value());
  options = {};
  options.level = 0;
  EXPECT_THROW(fit_loggp(good, options), std::invalid_argument);
  EXPECT_THROW(fit_loggp({}), std::invalid_argument);
  try {
    fit_loggp(std::vector<LogGpSample>(good.begin(), good.begin() + 2));
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("send_call_seconds"), std::string::npos) << e.what();
  }
}

}  // namespace
