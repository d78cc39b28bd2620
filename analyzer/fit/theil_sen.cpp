#include "theil_sen.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "xo/analyzer/fit/median.hpp"

namespace xo::analyzer::fit {

TheilSenLine theil_sen_line(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = x.size();
  std::vector<double> slopes;
  const auto add_pair = [&](std::size_t i, std::size_t j) {
    if (x[i] != x[j]) slopes.push_back((y[j] - y[i]) / (x[j] - x[i]));
  };
  if (n * (n - 1) / 2 <= kTheilSenAllPairs) {
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) add_pair(i, j);
    }
  } else {
    // The extreme pair guarantees one slope however the draws fall; the others dilute it.
    add_pair(std::min_element(x.begin(), x.end()) - x.begin(), std::max_element(x.begin(), x.end()) - x.begin());
    std::mt19937_64 generator(20240611);  // fixed: the same data give the same start
    for (std::size_t draw = 0; draw < kTheilSenAllPairs; ++draw) add_pair(generator() % n, generator() % n);
  }
  const double slope = median(std::move(slopes));
  std::vector<double> intercepts(n);
  for (std::size_t i = 0; i < n; ++i) intercepts[i] = y[i] - slope * x[i];
  return {median(std::move(intercepts)), slope};
}

}  // namespace xo::analyzer::fit
