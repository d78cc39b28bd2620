#pragma once
// The ruler above the timeline: tick marks at round times (1, 2 or 5 times a power of ten seconds)
// about `min_pixels` apart, labelled in the unit that suits the step.

#include <QString>
#include <vector>

namespace xo::gui {

struct RulerTick {
  double time = 0;
  QString label;
};

// The smallest step of the form {1, 2, 5} x 10^k that is at least `min_step`.
double nice_step(double min_step);

// "1.5 ms", "250 ns", "2 s": `seconds` in the unit of `step` with as many decimals as it needs.
QString time_label(double seconds, double step);

// Ticks in [start, end] for a view of `width` pixels.
std::vector<RulerTick> ruler_ticks(double start, double end, int width, int min_pixels = 90);

}  // namespace xo::gui

namespace xo::gui {

// A time or duration in the unit its size suits, to `digits` significant digits: "12.5 us".
QString seconds_text(double seconds, int digits = 4);

}  // namespace xo::gui
