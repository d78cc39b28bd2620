#pragma once
// Checks of what callers pass in, each throwing std::invalid_argument with a message that names the
// argument and the offending position, so bad input is one clear error and never a NaN downstream.

#include <cstddef>
#include <span>
#include <string_view>

namespace xo::analyzer::fit {

void require_same_size(std::string_view what_a, std::size_t a, std::string_view what_b, std::size_t b);
void require_finite(std::string_view what, std::span<const double> values);
void require_non_negative(std::string_view what, std::span<const double> values);
void require_positive(std::string_view what, std::span<const double> values);
void require_level(double level);  // a confidence level in (0, 1)

}  // namespace xo::analyzer::fit
