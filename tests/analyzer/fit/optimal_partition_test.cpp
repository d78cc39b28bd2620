// The dynamic programme against brute force: every way to cut a few points into k segments.

#include "optimal_partition.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

namespace {

using xo::analyzer::fit::optimal_partitions;
using xo::analyzer::fit::PartitionLimits;

// Weighted SSE of a least-squares line through points [begin, end), by the normal equations
// (fine for these small, well-scaled numbers; independent of the library's updating formulas).
double line_sse(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                std::size_t begin, std::size_t end) {
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = begin; i < end; ++i) {
    sw += w[i], sx += w[i] * x[i], sy += w[i] * y[i], sxx += w[i] * x[i] * x[i], sxy += w[i] * x[i] * y[i];
  }
  const double det = sw * sxx - sx * sx;
  const double b = (sw * sxy - sx * sy) / det, a = (sy - b * sx) / sw;
  double sse = 0;
  for (std::size_t i = begin; i < end; ++i) sse += w[i] * std::pow(y[i] - a - b * x[i], 2);
  return sse;
}

TEST(OptimalPartition, MatchesBruteForce) {
  std::mt19937_64 rng(61);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t m = 10;
    std::vector<double> x, y, w;
    std::vector<std::size_t> samples;
    for (std::size_t i = 0; i < m; ++i) {
      x.push_back(static_cast<double>(i) + u(rng));
      y.push_back(std::sin(static_cast<double>(i)) + u(rng));
      w.push_back(0.5 + u(rng));
      samples.push_back(1 + i % 3);
    }
    const PartitionLimits limits{4, 2, 3};
    const auto partitions = optimal_partitions(x, y, w, samples, limits);
    for (std::size_t k = 1; k <= 4; ++k) {
      double best = std::numeric_limits<double>::infinity();
      // Every choice of k − 1 cut positions.
      std::function<void(std::size_t, std::size_t, double)> cut = [&](std::size_t begin, std::size_t left,
                                                                      double so_far) {
        if (left == 1) {
          std::size_t count = 0;
          for (std::size_t i = begin; i < m; ++i) count += samples[i];
          if (m - begin >= 2 && count >= 3) best = std::min(best, so_far + line_sse(x, y, w, begin, m));
          return;
        }
        for (std::size_t end = begin + 2; end < m; ++end) {
          std::size_t count = 0;
          for (std::size_t i = begin; i < end; ++i) count += samples[i];
          if (count >= 3) cut(end, left - 1, so_far + line_sse(x, y, w, begin, end));
        }
      };
      cut(0, k, 0);
      ASSERT_TRUE(partitions[k - 1].has_value()) << k;
      EXPECT_NEAR(partitions[k - 1]->weighted_sse, best, 1e-9) << "k = " << k;
      EXPECT_EQ(partitions[k - 1]->segment_starts.size(), k);
    }
  }
}

TEST(OptimalPartition, TooFewPointsForKSegmentsGiveNothing) {
  const std::vector<double> x{1, 2, 3, 4, 5}, y{1, 2, 3, 4, 5}, w{1, 1, 1, 1, 1};
  const std::vector<std::size_t> samples{1, 1, 1, 1, 1};
  const auto partitions = optimal_partitions(x, y, w, samples, {3, 2, 3});
  EXPECT_TRUE(partitions[0].has_value());
  EXPECT_FALSE(partitions[1].has_value());  // 3 + 2 points, but the 2 hold only 2 samples
  EXPECT_FALSE(partitions[2].has_value());
}

}  // namespace
