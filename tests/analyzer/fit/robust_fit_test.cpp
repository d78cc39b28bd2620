// The robust line and location: unmoved by gross outliers that move least squares, efficient and
// honestly uncertain on clean data, and careful with noise-free data and bad input.

#include "xo/analyzer/fit/robust_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

namespace {

using xo::analyzer::fit::fit_robust_line;
using xo::analyzer::fit::fit_robust_location;
using xo::analyzer::fit::LinearFit;
using xo::analyzer::fit::RobustFit;
using xo::analyzer::fit::RobustFitOptions;

TEST(RobustFit, TenPercentGrossOutliersMoveLeastSquaresButNotTheRobustLine) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> noise(0, 0.1);
  std::vector<double> x, y;
  std::set<std::size_t> outliers;
  for (std::size_t i = 0; i < 100; ++i) {
    x.push_back(static_cast<double>(i % 20));
    y.push_back(5 + 0.8 * x.back() + noise(rng));
    if (i % 10 == 3) y.back() += 20, outliers.insert(i);  // a late message: 200 σ
  }
  const LinearFit ols = LinearFit::line(x, y);
  const RobustFit robust = fit_robust_line(x, y);
  EXPECT_GT(std::abs(ols.coefficient("intercept").value - 5), 1.0);
  const auto intercept = robust.fit.coefficient("intercept");
  const auto slope = robust.fit.coefficient("slope");
  EXPECT_NEAR(intercept.value, 5, 0.06);
  EXPECT_NEAR(slope.value, 0.8, 0.006);
  EXPECT_LE(intercept.lower, 5);
  EXPECT_GE(intercept.upper, 5);
  EXPECT_LE(slope.lower, 0.8);
  EXPECT_GE(slope.upper, 0.8);
  EXPECT_EQ(std::set<std::size_t>(robust.rejected.begin(), robust.rejected.end()), outliers);
  EXPECT_GE(robust.downweighted.size(), outliers.size());
  EXPECT_NEAR(robust.scale, 0.1, 0.03);
}

TEST(RobustFit, AFarPointAloneAtTheLargestXDoesNotTiltTheLine) {
  // Found in development: a least-squares start (or a Huber stage) tilts towards such a point.
  const std::vector<double> x{1, 2, 4, 8, 16, 1, 2, 4, 8};
  const std::vector<double> y{5.86, 6.89, 7.88, 11.10, 53.71, 5.70, 6.28, 8.17, 11.97};
  const RobustFit robust = fit_robust_line(x, y);
  EXPECT_EQ(robust.rejected, std::vector<std::size_t>{4});
  EXPECT_NEAR(robust.fit.coefficient("slope").value, 0.8, 0.15);
}

TEST(RobustFit, CleanDataGiveAboutTheLeastSquaresLineAndHonestIntervals) {
  std::mt19937_64 rng(12);
  std::normal_distribution<double> noise(0, 1);
  const int trials = 400;
  int hits = 0;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> x, y;
    for (int i = 0; i < 30; ++i) x.push_back(i), y.push_back(2 - 0.3 * i + noise(rng));
    const RobustFit robust = fit_robust_line(x, y);
    const auto slope = robust.fit.coefficient("slope");
    hits += slope.lower <= -0.3 && -0.3 <= slope.upper;
    if (t == 0) {
      const LinearFit ols = LinearFit::line(x, y);
      EXPECT_NEAR(slope.value, ols.coefficient("slope").value, 0.5 * ols.coefficient("slope").standard_error);
    }
  }
  EXPECT_GE(hits, 0.92 * trials);
  EXPECT_LE(hits, 0.98 * trials);
}

TEST(RobustFit, NoiseFreeDataAreFittedExactlyAndTheOutlierRejected) {
  std::vector<double> x, y;
  for (int i = 0; i < 12; ++i) x.push_back(i), y.push_back(3 + 2.0 * i);
  y[7] = 100;
  const RobustFit robust = fit_robust_line(x, y);
  EXPECT_NEAR(robust.fit.coefficient("intercept").value, 3, 1e-9);
  EXPECT_NEAR(robust.fit.coefficient("slope").value, 2, 1e-9);
  EXPECT_EQ(robust.rejected, std::vector<std::size_t>{7});
  EXPECT_FALSE(std::isnan(robust.fit.coefficient("slope").standard_error));
}

TEST(RobustFit, PriorWeightsJudgeRelativeResiduals) {
  // Times from 1 to 1000 with 1 % relative noise and one 30 % outlier at the small end: relative
  // weights make it stand out (30 σ) and it is rejected; a 4 σ sample at 512 may be too.
  std::mt19937_64 rng(13);
  std::normal_distribution<double> noise(0, 0.01);
  std::vector<double> x, y, w;
  for (int i = 0; i < 40; ++i) {
    x.push_back(std::ldexp(1.0, i % 10));
    y.push_back((1 + x.back()) * (1 + noise(rng)));
    w.push_back(1 / std::pow(1 + x.back(), 2));
  }
  y[0] *= 1.3;
  const RobustFit robust = fit_robust_line(x, y, w);
  ASSERT_FALSE(robust.rejected.empty());
  EXPECT_EQ(robust.rejected.front(), 0u);
  EXPECT_LE(robust.rejected.size(), 2u);
  EXPECT_NEAR(robust.fit.coefficient("intercept").value, 1, 0.05);
  // Unweighted, the same 30 % at the smallest time is lost in the large times' noise.
  EXPECT_TRUE(fit_robust_line(x, y).rejected.empty() || fit_robust_line(x, y).rejected.front() != 0u);
}

TEST(RobustFit, LocationIgnoresOutliers) {
  const std::vector<double> y{3.0, 3.1, 2.9, 3.05, 2.95, 30.0, 3.02};
  const RobustFit location = fit_robust_location(y);
  EXPECT_EQ(location.fit.column_names(), std::vector<std::string>{"location"});
  EXPECT_NEAR(location.fit.coefficient(0).value, 3.0, 0.05);
  EXPECT_EQ(location.rejected, std::vector<std::size_t>{5});
}

TEST(RobustFit, RefusesBadInput) {
  const std::vector<double> x{1, 2, 3, 4}, y{1, 2, 3, 4};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(fit_robust_line(std::vector<double>{1, 2}, std::vector<double>{1, 2}), std::invalid_argument);
  EXPECT_THROW(fit_robust_line(x, std::vector<double>{1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(fit_robust_line(std::vector<double>{5, 5, 5, 5}, y), std::invalid_argument);
  EXPECT_THROW(fit_robust_line(x, std::vector<double>{1, nan, 3, 4}), std::invalid_argument);
  EXPECT_THROW(fit_robust_line(x, y, std::vector<double>{1, 1, 0, 1}), std::invalid_argument);
  RobustFitOptions bad;
  bad.bisquare_c = 0;
  EXPECT_THROW(fit_robust_line(x, y, {}, bad), std::invalid_argument);
  bad = {};
  bad.level = 1.5;
  EXPECT_THROW(fit_robust_line(x, y, {}, bad), std::invalid_argument);
  EXPECT_THROW(fit_robust_location(std::vector<double>{1}), std::invalid_argument);
  EXPECT_THROW(fit_robust_location(std::vector<double>{1, nan}), std::invalid_argument);
}

}  // namespace
