#include "input_checks.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace xo::analyzer::fit {
namespace {

[[noreturn]] void refuse(std::string_view what, std::size_t index, double value, std::string_view must) {
  throw std::invalid_argument(std::string(what) + "[" + std::to_string(index) + "] is " + std::to_string(value) +
                              "; it must be " + std::string(must));
}

}  // namespace

void require_same_size(std::string_view what_a, std::size_t a, std::string_view what_b, std::size_t b) {
  if (a != b) {
    throw std::invalid_argument(std::string(what_a) + " has " + std::to_string(a) + " values but " +
                                std::string(what_b) + " has " + std::to_string(b));
  }
}

void require_finite(std::string_view what, std::span<const double> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!std::isfinite(values[i])) refuse(what, i, values[i], "finite");
  }
}

void require_non_negative(std::string_view what, std::span<const double> values) {
  require_finite(what, values);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] < 0) refuse(what, i, values[i], "≥ 0");
  }
}

void require_positive(std::string_view what, std::span<const double> values) {
  require_finite(what, values);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] <= 0) refuse(what, i, values[i], "> 0");
  }
}

void require_level(double level) {
  if (!(level > 0 && level < 1)) {
    throw std::invalid_argument("confidence level " + std::to_string(level) + " must lie strictly between 0 and 1");
  }
}

}  // namespace xo::analyzer::fit
