#include "optimal_partition.hpp"

#include <algorithm>
#include <limits>

namespace xo::analyzer::fit {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Weighted least-squares line through points added one at a time (West 1979).
class LineAccumulator {
 public:
  void add(double x, double y, double w) {
    weight_ += w;
    const double dx = x - mean_x_;
    const double dy = y - mean_y_;
    mean_x_ += w / weight_ * dx;
    mean_y_ += w / weight_ * dy;
    sxx_ += w * dx * (x - mean_x_);
    sxy_ += w * dx * (y - mean_y_);
    syy_ += w * dy * (y - mean_y_);
  }
  double sse() const { return sxx_ > 0 ? std::max(0.0, syy_ - sxy_ * sxy_ / sxx_) : std::max(0.0, syy_); }

 private:
  double weight_ = 0, mean_x_ = 0, mean_y_ = 0, sxx_ = 0, sxy_ = 0, syy_ = 0;
};

}  // namespace

std::vector<std::optional<Partition>> optimal_partitions(std::span<const double> x, std::span<const double> y,
                                                         std::span<const double> weights,
                                                         std::span<const std::size_t> samples,
                                                         const PartitionLimits& limits) {
  const std::size_t m = x.size();
  // best[k][j]: least error covering points 0..j with k + 1 segments; start[k][j]: its last segment's start.
  std::vector<std::vector<double>> best(limits.max_segments, std::vector<double>(m, kInfinity));
  std::vector<std::vector<std::size_t>> start(limits.max_segments, std::vector<std::size_t>(m, 0));

  for (std::size_t k = 0; k < limits.max_segments; ++k) {
    for (std::size_t i = 0; i < m; ++i) {
      const double before = k == 0 ? (i == 0 ? 0.0 : kInfinity) : (i == 0 ? kInfinity : best[k - 1][i - 1]);
      if (before == kInfinity) continue;
      LineAccumulator segment;
      std::size_t segment_samples = 0;
      for (std::size_t j = i; j < m; ++j) {
        segment.add(x[j], y[j], weights[j]);
        segment_samples += samples[j];
        if (j + 1 - i < limits.min_points || segment_samples < limits.min_samples) continue;
        const double total = before + segment.sse();
        if (total < best[k][j]) {
          best[k][j] = total;
          start[k][j] = i;
        }
      }
    }
  }

  std::vector<std::optional<Partition>> partitions(limits.max_segments);
  for (std::size_t k = 0; k < limits.max_segments; ++k) {
    if (m == 0 || best[k][m - 1] == kInfinity) continue;
    Partition partition{best[k][m - 1], std::vector<std::size_t>(k + 1)};
    std::size_t end = m - 1;
    for (std::size_t level = k + 1; level-- > 0;) {
      partition.segment_starts[level] = start[level][end];
      if (level > 0) end = start[level][end] - 1;
    }
    partitions[k] = std::move(partition);
  }
  return partitions;
}

}  // namespace xo::analyzer::fit
