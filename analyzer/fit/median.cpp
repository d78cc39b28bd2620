#include "xo/analyzer/fit/median.hpp"

#include <algorithm>
#include <cassert>

namespace xo::analyzer::fit {

double median(std::vector<double> values) {
  assert(!values.empty());
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  const double upper = *middle;
  if (values.size() % 2 == 1) return upper;
  return (*std::max_element(values.begin(), middle) + upper) / 2;
}

}  // namespace xo::analyzer::fit
