#pragma once
// A test for a boundary at a place named in advance: does the curve jump there? Where a segmented
// fit searches a whole curve for its few largest changes, this asks about one place, as a bench
// does about the size a setting says it switches protocols at. Searching the whole curve, a jump
// of 25 % at 16 KiB competes with every bend of a real library's curve from 1 B to 1 MiB (a
// slope change at another size, small-message steps) for the fit's few segments and loses some
// of the time; asked about its own place, the same jump was plain in each of eight benches here.
//
// Method: the medians in a window around the place (within a factor of two of it, say), a line
// (relative weights, as the segmented fit's) on each side of the split against one line through
// them all: F = [(SSE_one − SSE_two)/2] / [SSE_two/(n − 4)] against F(2, n − 4) at 1 − α/c, where
// c is the number of candidate splits (Bonferroni). A place that is itself a measured size has
// two: the boundary just below it (a limit that counts the header sends a message of its own size
// the other way) and just above it.

#include <cstddef>
#include <optional>
#include <span>

#include "xo/analyzer/fit/segmented_fit.hpp"

namespace xo::analyzer::fit {

struct JumpTest {
  Breakpoint at;             // where the split lies, and the right line minus the left at right_x
  double relative_jump = 0;  // jump over the left line's value at right_x
  double f = 0;              // two lines against one
  double critical_f = 0;     // F(2, n − 4) at 1 − α/c
  bool significant() const { return f > critical_f; }
};

// The sizes a test looks at, both ends included.
struct JumpWindow {
  double low = 0, high = 0;
};
// The sizes within `factor` of `place`, below and above.
inline JumpWindow within_factor(double place, double factor) { return {place / factor, place * factor}; }

// `x`: distinct sizes, increasing; `median`: the time at each (> 0). Of the candidate splits at
// `place`, the one of largest f/critical_f; none when no candidate has three sizes on each side
// within the window. Throws std::invalid_argument for sizes that disagree, x not increasing, a
// median ≤ 0, a window that does not hold `place`, or a significance outside (0, 1).
std::optional<JumpTest> test_jump_at(std::span<const double> x, std::span<const double> median, double place,
                                     JumpWindow window, double significance = 0.01);

}  // namespace xo::analyzer::fit
