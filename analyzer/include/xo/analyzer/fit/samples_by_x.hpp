#pragma once
// Samples grouped by their distinct x: the summary the segmented fit partitions. Each group keeps
// the median of its y (robust to the occasional late message) and where its samples are.

#include <cstddef>
#include <span>
#include <vector>

namespace xo::analyzer::fit {

struct SamplesByX {
  std::vector<double> x;                 // distinct, increasing
  std::vector<double> median;            // of y at each x
  std::vector<std::size_t> group_begin;  // group g is order[group_begin[g], group_begin[g + 1])
  std::vector<std::size_t> order;        // sample indices sorted by x (stable)

  std::size_t groups() const { return x.size(); }
  std::size_t count(std::size_t g) const { return group_begin[g + 1] - group_begin[g]; }
};

SamplesByX group_samples_by_x(std::span<const double> x, std::span<const double> y);

}  // namespace xo::analyzer::fit
