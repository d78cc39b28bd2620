#pragma once
// The partition of points (x increasing) into k contiguous segments that minimises the total
// weighted squared error of a least-squares line per segment, for every k up to a cap, by dynamic
// programming (Bellman, CACM 4(6), 1961): best(k, j) = min over i of best(k−1, i−1) + sse(i, j),
// O(k·m²) time and O(k·m) memory. Each segment's error is accumulated point by point with West's
// weighted updating of means and co-moments (CACM 22(9), 1979), which unlike differences of raw
// prefix sums does not cancel catastrophically when x spans six decades.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace xo::analyzer::fit {

struct Partition {
  double weighted_sse = 0;
  std::vector<std::size_t> segment_starts;  // index of each segment's first point; the first is 0
};

struct PartitionLimits {
  std::size_t max_segments = 1;
  std::size_t min_points = 2;   // per segment
  std::size_t min_samples = 3;  // per segment, counting each point's samples
};

// Index k − 1 holds the best partition into k segments, or nothing if none meets the limits.
std::vector<std::optional<Partition>> optimal_partitions(std::span<const double> x, std::span<const double> y,
                                                         std::span<const double> weights,
                                                         std::span<const std::size_t> samples,
                                                         const PartitionLimits& limits);

}  // namespace xo::analyzer::fit
