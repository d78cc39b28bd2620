#pragma once
// One numeric machine parameter: value, unit, allowed range and where the number comes from.

#include <string>

namespace xo::hw {

struct Parameter {
  std::string name;
  double value = 0;
  std::string unit;  // "us", "ns/byte", "bytes", "factor", ...
  double min = 0;    // inclusive range a --param override must respect
  double max = 0;
  std::string meaning;  // one line for `xo machines --show`
  std::string source;   // seed file and figure, a cited document, or "assumption: ..."
};

}  // namespace xo::hw
