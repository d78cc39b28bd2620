#pragma once
// A fitted quantity with its uncertainty: the value, its standard error and a two-sided confidence
// interval at the level the fit was made with (Student's t with the fit's degrees of freedom).

namespace xo::analyzer::fit {

struct Estimate {
  double value = 0;
  double standard_error = 0;
  double lower = 0;  // confidence interval
  double upper = 0;
  double degrees_of_freedom = 0;  // of the t distribution the interval comes from (may be fractional)
};

}  // namespace xo::analyzer::fit
