// LinearFit against closed-form least-squares formulas computed here, coverage of its intervals
// over repeated samples, R², and every kind of bad input.

#include "xo/analyzer/fit/linear_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace {

using xo::analyzer::fit::LinearFit;

// The textbook formulas for a weighted straight line (Weisberg, Applied Linear Regression, ch. 2).
struct ClosedFormLine {
  double intercept, slope, se_intercept, se_slope, sigma;
};
ClosedFormLine closed_form(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w) {
  double sw = 0, swx = 0, swy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sw += w[i], swx += w[i] * x[i], swy += w[i] * y[i];
  const double mx = swx / sw, my = swy / sw;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sxx += w[i] * (x[i] - mx) * (x[i] - mx), sxy += w[i] * (x[i] - mx) * (y[i] - my);
  const double b = sxy / sxx, a = my - b * mx;
  double sse = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sse += w[i] * std::pow(y[i] - a - b * x[i], 2);
  const double sigma = std::sqrt(sse / static_cast<double>(x.size() - 2));
  return {a, b, sigma * std::sqrt(1 / sw + mx * mx / sxx), sigma / std::sqrt(sxx), sigma};
}

TEST(LinearFit, NoiseFreeLineIsExact) {
  const std::vector<double> x{0, 1, 2, 3, 4}, y{2, 5, 8, 11, 14};
  const LinearFit fit = LinearFit::line(x, y);
  EXPECT_NEAR(fit.coefficient("intercept").value, 2, 1e-12);
  EXPECT_NEAR(fit.coefficient("slope").value, 3, 1e-12);
  EXPECT_NEAR(fit.residual_standard_error(), 0, 1e-12);
  EXPECT_DOUBLE_EQ(fit.r_squared(), 1);
  EXPECT_EQ(fit.observations(), 5u);
  EXPECT_EQ(fit.degrees_of_freedom(), 3u);
  EXPECT_TRUE(fit.is_line());
}

TEST(LinearFit, MatchesTheClosedFormUnweightedAndWeighted) {
  std::mt19937_64 rng(1);
  std::normal_distribution<double> noise(0, 0.3);
  std::vector<double> x, y, w, ones;
  for (int i = 0; i < 25; ++i) {
    x.push_back(i * 0.7);
    w.push_back(1.0 + (i % 4));
    y.push_back(1.5 - 0.4 * x.back() + noise(rng) / std::sqrt(w.back()));
    ones.push_back(1);
  }
  for (const auto* weights : {&ones, &w}) {
    const ClosedFormLine expected = closed_form(x, y, *weights);
    const LinearFit fit = LinearFit::line(x, y, weights == &ones ? std::vector<double>{} : w);
    EXPECT_NEAR(fit.coefficient("intercept").value, expected.intercept, 1e-10);
    EXPECT_NEAR(fit.coefficient("slope").value, expected.slope, 1e-10);
    EXPECT_NEAR(fit.coefficient("intercept").standard_error, expected.se_intercept, 1e-10);
    EXPECT_NEAR(fit.coefficient("slope").standard_error, expected.se_slope, 1e-10);
    EXPECT_NEAR(fit.residual_standard_error(), expected.sigma, 1e-10);
    // t(23) two-sided 95 % quantile is 2.0686576.
    EXPECT_NEAR(fit.coefficient("slope").upper - fit.coefficient("slope").value, 2.0686576 * expected.se_slope, 1e-6);
  }
}

TEST(LinearFit, BytesNextToAnInterceptKeepPrecision) {
  // 5 µs + 1 ns/byte over 1 B … 1 MiB: columns twelve orders of magnitude apart.
  std::vector<double> x, y;
  for (int e = 0; e <= 20; ++e) x.push_back(std::ldexp(1.0, e)), y.push_back(5e-6 + 1e-9 * x.back());
  const LinearFit fit = LinearFit::line(x, y);
  EXPECT_NEAR(fit.coefficient("intercept").value / 5e-6, 1, 1e-9);
  EXPECT_NEAR(fit.coefficient("slope").value / 1e-9, 1, 1e-9);
}

TEST(LinearFit, GeneralDesignRecoversItsCoefficientsWithinTheirIntervals) {
  std::mt19937_64 rng(2);
  std::normal_distribution<double> noise(0, 0.05);
  const int n = 60;
  Eigen::MatrixXd design(n, 3);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    const double k = 2 + i % 15;
    design.row(i) << 1, k, std::log2(k);
    y(i) = 0.5 + 0.2 * k + 1.5 * std::log2(k) + noise(rng);
  }
  const LinearFit fit = LinearFit::least_squares(design, {"base", "per_child", "per_level"}, y);
  const double truth[] = {0.5, 0.2, 1.5};
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_LE(fit.coefficient(j).lower, truth[j]) << fit.column_names()[j];
    EXPECT_GE(fit.coefficient(j).upper, truth[j]) << fit.column_names()[j];
  }
  EXPECT_GT(fit.r_squared(), 0.99);
  EXPECT_LT(fit.adjusted_r_squared(), fit.r_squared());
  const auto prediction = fit.predict(Eigen::RowVector3d(1, 8, 3));
  EXPECT_NEAR(prediction.value, 0.5 + 1.6 + 4.5, 3 * prediction.standard_error + 1e-12);
  EXPECT_THROW(fit.coefficient("nothing"), std::invalid_argument);
  EXPECT_THROW(fit.predict(1.0), std::invalid_argument);  // not a straight line
  EXPECT_THROW(fit.predict(Eigen::RowVector2d(1, 2)), std::invalid_argument);
}

// Over many samples the 95 % intervals must hold the truth about 95 % of the time. n = 8 on purpose:
// normal quantiles instead of t(6) would cover only about 90 %.
TEST(LinearFit, IntervalsCoverTheTruthAtTheNominalRate) {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 2.0);
  const std::vector<double> x{1, 2, 3, 5, 8, 13, 21, 34};
  int slope_hits = 0, intercept_hits = 0, band_hits = 0;
  const int trials = 400;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> y;
    for (double v : x) y.push_back(10 + 0.5 * v + noise(rng));
    const LinearFit fit = LinearFit::line(x, y);
    const auto slope = fit.coefficient("slope");
    const auto intercept = fit.coefficient("intercept");
    const auto band = fit.predict(25.0);
    slope_hits += slope.lower <= 0.5 && 0.5 <= slope.upper;
    intercept_hits += intercept.lower <= 10 && 10 <= intercept.upper;
    band_hits += band.lower <= 22.5 && 22.5 <= band.upper;
  }
  for (int hits : {slope_hits, intercept_hits, band_hits}) {
    EXPECT_GE(hits, 0.92 * trials);
    EXPECT_LE(hits, 0.98 * trials);
  }
}

TEST(LinearFit, RSquaredSeparatesSignalFromNoise) {
  std::mt19937_64 rng(4);
  std::normal_distribution<double> noise(0, 1);
  std::vector<double> x, unrelated, related;
  for (int i = 0; i < 200; ++i) {
    x.push_back(i);
    unrelated.push_back(noise(rng));
    related.push_back(0.1 * i + noise(rng));
  }
  EXPECT_LT(LinearFit::line(x, unrelated).r_squared(), 0.05);
  EXPECT_GT(LinearFit::line(x, related).r_squared(), 0.9);
  // y that does not vary leaves nothing unexplained: R² is 1, not 0/0.
  const LinearFit flat = LinearFit::line(std::vector<double>{1, 2, 3}, std::vector<double>{4, 4, 4});
  EXPECT_EQ(flat.r_squared(), 1);
  EXPECT_FALSE(std::isnan(flat.coefficient("slope").lower));
}

TEST(LinearFit, RefusesBadInput) {
  const std::vector<double> x{1, 2, 3}, y{1, 2, 3};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(LinearFit::line(x, std::vector<double>{1, 2}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(std::vector<double>{1, 2}, std::vector<double>{1, 2}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, std::vector<double>{1, nan, 3}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(std::vector<double>{1, inf, 3}, y), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(std::vector<double>{2, 2, 2}, y), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, y, std::vector<double>{1, 0, 1}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, y, std::vector<double>{1, -1, 1}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, y, std::vector<double>{1, 1}), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, y, {}, 1.0), std::invalid_argument);
  EXPECT_THROW(LinearFit::line(x, y, {}, 0.0), std::invalid_argument);
  Eigen::MatrixXd twice(4, 2);
  twice << 1, 2, 2, 4, 3, 6, 4, 8;
  try {
    LinearFit::least_squares(twice, {"a", "b"}, Eigen::Vector4d(1, 2, 3, 4));
    FAIL() << "a rank-deficient design was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rank-deficient"), std::string::npos) << e.what();
  }
  EXPECT_THROW(LinearFit::least_squares(twice, {"a"}, Eigen::Vector4d(1, 2, 3, 4)), std::invalid_argument);
  try {
    LinearFit::line(std::vector<double>{2, 2, 2}, y);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("distinct x"), std::string::npos) << e.what();
  }
}

}  // namespace
