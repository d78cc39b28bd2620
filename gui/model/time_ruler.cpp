#include "model/time_ruler.hpp"

#include <algorithm>
#include <cmath>

namespace xo::gui {

double nice_step(double min_step) {
  if (!(min_step > 0)) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(min_step)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * power >= min_step * (1 - 1e-12)) return m * power;
  }
  return 10 * power;
}

QString time_label(double seconds, double step) {
  struct Unit {
    double scale;
    const char* name;
  };
  static const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}, {1e-12, "ps"}};
  // The largest unit the tick or the step reaches: "500 us", then "1.0 ms".
  const double magnitude = std::max(std::abs(seconds), step);
  const Unit* unit = &units[4];
  for (const Unit& u : units) {
    if (magnitude >= u.scale * (1 - 1e-9)) {
      unit = &u;
      break;
    }
  }
  const double in_unit = seconds / unit->scale;
  const double step_in_unit = step / unit->scale;
  const int decimals =
      step_in_unit >= 1 ? 0 : std::min(12, static_cast<int>(std::ceil(-std::log10(step_in_unit) - 1e-9)));
  return QString::number(in_unit, 'f', decimals) + " " + unit->name;
}

std::vector<RulerTick> ruler_ticks(double start, double end, int width, int min_pixels) {
  std::vector<RulerTick> ticks;
  if (!(end > start) || width <= 0) return ticks;
  const double step = nice_step((end - start) * min_pixels / width);
  for (double k = std::ceil(start / step); k * step <= end && ticks.size() < 1000; ++k) {
    ticks.push_back({k * step, time_label(k * step, step)});
  }
  return ticks;
}

}  // namespace xo::gui

namespace xo::gui {

QString seconds_text(double seconds, int digits) {
  const double a = std::abs(seconds);
  const char* unit = a >= 1 || a == 0 ? "s" : a >= 1e-3 ? "ms" : a >= 1e-6 ? "us" : a >= 1e-9 ? "ns" : "ps";
  const double scale = a >= 1 || a == 0 ? 1 : a >= 1e-3 ? 1e-3 : a >= 1e-6 ? 1e-6 : a >= 1e-9 ? 1e-9 : 1e-12;
  return QString::number(seconds / scale, 'g', digits) + " " + unit;
}

}  // namespace xo::gui
