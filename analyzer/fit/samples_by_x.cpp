#include "xo/analyzer/fit/samples_by_x.hpp"

#include <algorithm>
#include <numeric>

#include "xo/analyzer/fit/median.hpp"

namespace xo::analyzer::fit {

SamplesByX group_samples_by_x(std::span<const double> x, std::span<const double> y) {
  SamplesByX groups;
  groups.order.resize(x.size());
  std::iota(groups.order.begin(), groups.order.end(), std::size_t{0});
  std::stable_sort(groups.order.begin(), groups.order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });

  std::vector<double> ys;
  for (std::size_t begin = 0; begin < groups.order.size();) {
    std::size_t end = begin;
    ys.clear();
    while (end < groups.order.size() && x[groups.order[end]] == x[groups.order[begin]])
      ys.push_back(y[groups.order[end++]]);
    groups.x.push_back(x[groups.order[begin]]);
    groups.median.push_back(median(ys));
    groups.group_begin.push_back(begin);
    begin = end;
  }
  groups.group_begin.push_back(groups.order.size());
  return groups;
}

}  // namespace xo::analyzer::fit
