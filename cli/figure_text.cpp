#include "figure_text.hpp"

#include <cmath>

#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::cli {

DisplayUnit display_unit(const std::string& unit, double typical) {
  const double size = std::abs(typical);
  if (unit == "s") {
    if (size != 0 && size < 1e-3) return {"us", 1e6};
    if (size != 0 && size < 1) return {"ms", 1e3};
    return {"s", 1};
  }
  if (unit == "s/byte") return {"ns/byte", 1e9};
  return {unit, 1};
}

std::string value_text(double value, const DisplayUnit& unit) { return analyzer::number_text(value * unit.scale, 6); }

std::string percent_text(const std::optional<double>& percent) {
  if (!percent) return "from 0";
  if (std::abs(*percent) < 0.005) return "0 %";  // rounding in the fits, not a change
  return std::string(*percent > 0 ? "+" : "") + analyzer::number_text(*percent, 3) + " %";
}

}  // namespace xo::cli
