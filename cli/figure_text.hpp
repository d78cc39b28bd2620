#pragma once
// Figures as xo history shows them: seconds in the unit that suits their size (us, ms, s), s/byte
// as ns/byte, other units as stored; a change in percent with its sign.

#include <optional>
#include <string>

namespace xo::cli {

struct DisplayUnit {
  std::string name;  // "us"
  double scale = 1;  // stored value * scale = shown value
};

// The unit to show values of `unit` around `typical` in (one unit for a whole row or series).
DisplayUnit display_unit(const std::string& unit, double typical);
std::string value_text(double value, const DisplayUnit& unit);   // without the unit name
std::string percent_text(const std::optional<double>& percent);  // "+12.5 %", "-3 %", "from 0" when not defined

}  // namespace xo::cli
