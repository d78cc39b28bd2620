// Crossings of fitted lines (exact, with the bands' overlap as uncertainty) and of any curves.

#include "xo/analyzer/fit/crossover.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "protocol_samples.hpp"
#include "xo/analyzer/fit/segmented_fit.hpp"

namespace {

using xo::analyzer::fit::CrossingSearch;
using xo::analyzer::fit::find_crossings;
using xo::analyzer::fit::find_crossover;
using xo::analyzer::fit::LinearFit;

LinearFit noisy_line(double a, double b, double sigma, std::uint64_t seed, int n = 20) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0, sigma);
  std::vector<double> x, y;
  for (int i = 0; i < n; ++i) x.push_back(i * 5.0), y.push_back(a + b * x.back() + noise(rng));
  return LinearFit::line(x, y);
}

TEST(Crossover, ExactLinesCrossWhereAlgebraSays) {
  // Eager 2 + 0.5x against rendezvous 10 + 0.1x: equal at x = 20.
  const LinearFit eager = noisy_line(2, 0.5, 0, 1);
  const LinearFit rendezvous = noisy_line(10, 0.1, 0, 2);
  const auto crossover = find_crossover(eager, rendezvous, 0, 100);
  ASSERT_TRUE(crossover.has_value());
  EXPECT_NEAR(crossover->x, 20, 1e-9);
  EXPECT_TRUE(crossover->first_lower_before);
  EXPECT_NEAR(crossover->band_overlap_lower, 20, 1e-6);  // no noise: the bands are lines
  EXPECT_NEAR(crossover->band_overlap_upper, 20, 1e-6);
  const auto reversed = find_crossover(rendezvous, eager, 0, 100);
  ASSERT_TRUE(reversed.has_value());
  EXPECT_FALSE(reversed->first_lower_before);
}

TEST(Crossover, NoisyLinesBandOverlapHoldsTheTruth) {
  int hits = 0;
  const int trials = 200;
  for (int t = 0; t < trials; ++t) {
    const LinearFit eager = noisy_line(2, 0.5, 1.0, 100 + t);
    const LinearFit rendezvous = noisy_line(10, 0.1, 1.0, 1000 + t);
    const auto crossover = find_crossover(eager, rendezvous, 0, 100);
    ASSERT_TRUE(crossover.has_value());
    EXPECT_LE(crossover->band_overlap_lower, crossover->x);
    EXPECT_GE(crossover->band_overlap_upper, crossover->x);
    EXPECT_FALSE(crossover->overlap_reaches_lo || crossover->overlap_reaches_hi);
    hits += crossover->band_overlap_lower <= 20 && 20 <= crossover->band_overlap_upper;
  }
  EXPECT_GE(hits, 0.95 * trials);  // the overlap is conservative, so at least nominal
}

TEST(Crossover, IndistinguishableSlopesReachTheRangeEnds) {
  const LinearFit a = noisy_line(2, 0.10, 3.0, 7, 6);
  const LinearFit b = noisy_line(2.5, 0.09, 3.0, 8, 6);
  const auto crossover = find_crossover(a, b, -1000, 1000);
  ASSERT_TRUE(crossover.has_value());
  EXPECT_TRUE(crossover->overlap_reaches_lo || crossover->overlap_reaches_hi);
}

TEST(Crossover, NoCrossingInRangeGivesNone) {
  const LinearFit eager = noisy_line(2, 0.5, 0, 1);
  const LinearFit rendezvous = noisy_line(10, 0.1, 0, 2);
  EXPECT_FALSE(find_crossover(eager, rendezvous, 30, 100).has_value());
  EXPECT_FALSE(find_crossover(eager, noisy_line(5, 0.5, 0, 3), 0, 100).has_value());  // parallel
  EXPECT_TRUE(find_crossings([](double x) { return x + 1; }, [](double x) { return x; }, 0, 10).empty());
}

TEST(Crossover, CurvesCrossAtEverySignChange) {
  const auto crossings = find_crossings([](double x) { return std::sin(x); }, [](double) { return 0.0; }, 0.5, 10);
  ASSERT_EQ(crossings.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(crossings[i].x, (i + 1) * std::numbers::pi, 1e-7);
  EXPECT_FALSE(crossings[0].first_lower_before);  // sin is above 0 before π
  EXPECT_TRUE(crossings[1].first_lower_before);
}

TEST(Crossover, TouchingIsNotCrossingAndExactZerosAreFound) {
  EXPECT_TRUE(find_crossings([](double x) { return x * x; }, [](double) { return 0.0; }, -1, 1).empty());
  // f1 − f2 is exactly 0 on [2, 3] and changes sign across it: one crossing inside.
  const auto step = [](double x) { return x < 2 ? -1.0 : (x > 3 ? 1.0 : 0.0); };
  const auto crossings = find_crossings(step, [](double) { return 0.0; }, 0, 5, {501, false, 1e-9});
  ASSERT_EQ(crossings.size(), 1u);
  EXPECT_GE(crossings[0].x, 2);
  EXPECT_LE(crossings[0].x, 3);
}

TEST(Crossover, PiecewiseFitsCrossOnALogGrid) {
  // Vendor A: eager to 4096 B then rendezvous; vendor B: one line. Where does A become worse?
  using xo::analyzer::fit::testing::protocol_samples;
  const auto truth = [](double b) { return b <= 4096 ? 2e-6 + 1e-9 * b : 15e-6 + 1e-9 * b; };
  const auto s = protocol_samples(truth, 71, {0, 0, 3});
  const auto a = xo::analyzer::fit::fit_segmented(s.bytes, s.seconds);
  const auto b = [](double bytes) { return 8e-6 + 1e-9 * bytes; };
  const auto crossings = find_crossings([&](double x) { return a.predict(x); }, b, 1, 1 << 20, {4096, true, 1e-12});
  // A is below B until the rendezvous jump (at 8192, the first size seen to use it).
  ASSERT_EQ(crossings.size(), 1u);
  EXPECT_NEAR(crossings[0].x, 8192, 1e-3);
  EXPECT_TRUE(crossings[0].first_lower_before);
}

TEST(Crossover, RefusesBadInput) {
  const auto zero = [](double) { return 0.0; };
  const auto one = [](double) { return 1.0; };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(find_crossings(zero, one, 1, 1), std::invalid_argument);
  EXPECT_THROW(find_crossings(zero, one, 2, 1), std::invalid_argument);
  EXPECT_THROW(find_crossings(zero, one, nan, 1), std::invalid_argument);
  EXPECT_THROW(find_crossings(zero, one, 0, 1, {1, false, 1e-9}), std::invalid_argument);
  EXPECT_THROW(find_crossings(zero, one, 0, 1, {10, true, 1e-9}), std::invalid_argument);
  EXPECT_THROW(find_crossings(zero, one, 0, 1, {10, false, 0}), std::invalid_argument);
  EXPECT_THROW(find_crossings([](double x) { return std::log(x - 0.5); }, one, 0, 1), std::invalid_argument);
  Eigen::MatrixXd design(4, 2);
  design << 1, 1, 1, 2, 1, 3, 1, 5;
  const LinearFit named = LinearFit::least_squares(design, {"a", "b"}, Eigen::Vector4d(1, 2, 3, 5.5));
  EXPECT_THROW(find_crossover(named, noisy_line(1, 1, 0, 1), 0, 10), std::invalid_argument);
  EXPECT_THROW(find_crossover(noisy_line(1, 1, 0, 1), noisy_line(2, 0, 0, 1), 10, 0), std::invalid_argument);
}

}  // namespace
