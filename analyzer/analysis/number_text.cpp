#include "xo/analyzer/analysis/number_text.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace xo::analyzer {

namespace {

// Up to three significant digits, no exponent, no trailing zeros: 1.19, 25, 256, 1020.
std::string three_digits(double value) {
  char text[32];
  const double magnitude = std::abs(value);
  const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string s = text;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s == "-0" ? "0" : s;
}

}  // namespace

std::string number_text(double value, int digits) {
  std::ostringstream out;
  out.precision(digits);
  out << value;
  return out.str();
}

std::string bytes_text(double bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  double value = bytes;
  while (std::abs(value) >= 1024 && unit < 4) value /= 1024, ++unit;
  // A count of bytes exactly; a fitted size (a crossing, a mean) to three digits, as the larger units.
  if (unit == 0) return (value == std::round(value) ? number_text(value, 10) : three_digits(value)) + " B";
  return three_digits(value) + " " + kUnits[unit];
}

std::string duration_text(double seconds) {
  const double magnitude = std::abs(seconds);
  if (magnitude == 0) return "0 s";
  if (magnitude < 1e-6) return three_digits(seconds * 1e9) + " ns";
  if (magnitude < 1e-3) return three_digits(seconds * 1e6) + " µs";
  if (magnitude < 1) return three_digits(seconds * 1e3) + " ms";
  return three_digits(seconds) + " s";
}

std::string percent_text(double part, double whole) {
  if (!(whole > 0)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", 100 * part / whole);
  return text;
}

}  // namespace xo::analyzer
