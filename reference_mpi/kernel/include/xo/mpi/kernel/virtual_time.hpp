#pragma once
// Virtual time: integer picoseconds, so event ordering is exact and runs are reproducible.
// 2^63 ps is about 106 days of simulated time.

#include <cstdint>

namespace xo::sim {

using Time = std::int64_t;

constexpr Time kPicosecondsPerSecond = 1'000'000'000'000;

// Rounds to the nearest picosecond. (Not std::llround: this runs several times per message.)
inline Time seconds_to_time(double seconds) {
  const double ps = seconds * 1e12;
  return static_cast<Time>(ps >= 0 ? ps + 0.5 : ps - 0.5);
}
inline double time_to_seconds(Time t) { return static_cast<double>(t) * 1e-12; }

}  // namespace xo::sim
