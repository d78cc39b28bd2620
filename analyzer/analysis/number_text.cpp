#include "xo/analyzer/analysis/number_text.hpp"

#include <sstream>

namespace xo::analyzer {

std::string number_text(double value, int digits) {
  std::ostringstream out;
  out.precision(digits);
  out << value;
  return out.str();
}

}  // namespace xo::analyzer
