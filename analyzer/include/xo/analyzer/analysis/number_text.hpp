#pragma once
// Numbers as the reports show them to people. JSON carries the numbers themselves.

#include <string>

namespace xo::analyzer {

// `digits` significant digits, as an ostream prints them ("25.7018", "1.04858e+06").
std::string number_text(double value, int digits = 6);

// A size in binary units with up to three significant digits: "0 B", "512 B", "1.19 KiB",
// "256 KiB", "1 MiB".
std::string bytes_text(double bytes);

// A time in SI units with up to three significant digits: "850 ns", "4.02 µs", "31.2 ms", "1.5 s".
std::string duration_text(double seconds);

// A fraction as a percentage with one decimal: "12.4 %"; "-" when the whole is 0.
std::string percent_text(double part, double whole);

}  // namespace xo::analyzer
