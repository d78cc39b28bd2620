#pragma once
// A number as the reports show it: `digits` significant digits, as an ostream prints them
// ("25.7018", "1.04858e+06").

#include <string>

namespace xo::analyzer {

std::string number_text(double value, int digits = 6);

}  // namespace xo::analyzer
