#include "t_interval.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

namespace xo::analyzer::fit {

double two_sided_t_quantile(double level, double degrees_of_freedom) {
  const boost::math::students_t_distribution<double> t(degrees_of_freedom);
  return boost::math::quantile(boost::math::complement(t, (1 - level) / 2));
}

Estimate t_interval(double value, double standard_error, double degrees_of_freedom, double level) {
  const double half_width = two_sided_t_quantile(level, degrees_of_freedom) * standard_error;
  return {value, standard_error, value - half_width, value + half_width, degrees_of_freedom};
}

Estimate independent_sum_interval(double value, std::span<const Estimate> parts, double level) {
  double variance = 0;
  double denominator = 0;
  double smallest_df = std::numeric_limits<double>::infinity();
  for (const Estimate& part : parts) {
    const double v = part.standard_error * part.standard_error;
    variance += v;
    denominator += v * v / part.degrees_of_freedom;
    smallest_df = std::min(smallest_df, part.degrees_of_freedom);
  }
  const double df = denominator > 0 ? variance * variance / denominator : smallest_df;
  return t_interval(value, std::sqrt(variance), df, level);
}

}  // namespace xo::analyzer::fit
