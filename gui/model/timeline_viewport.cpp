#include "model/timeline_viewport.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace xo::gui {

void TimelineViewport::set_limits(double lower, double upper) {
  lower_ = lower;
  upper_ = upper > lower ? upper : lower + 1e-9;
  fit_all();
}

void TimelineViewport::set_width(int pixels) {
  const double spp = seconds_per_pixel();
  width_ = std::max(1, pixels);
  set(start_, spp * width_);
}

double TimelineViewport::min_span() const {
  const double resolution = std::max(std::abs(lower_), std::abs(upper_)) * std::numeric_limits<double>::epsilon() * 64;
  return width_ * std::max(1e-12, resolution);
}

void TimelineViewport::fit_all() { set(lower_, upper_ - lower_); }

void TimelineViewport::zoom_about(double x, double factor) {
  if (!(factor > 0)) return;
  const double t = time_at(x);
  const double span = std::clamp(span_ / factor, min_span(), upper_ - lower_);
  set(t - x / width_ * span, span);
}

void TimelineViewport::pan_pixels(double dx) {
  if (!std::isfinite(dx)) return;
  const auto columns = static_cast<long long>(std::llround(std::clamp(dx, -1e15, 1e15)));
  if (columns == 0) return;
  // Within the limits: the same columns moved. At a limit: clamped there, and anchored anew.
  const PixelScale moved = scale().shifted(columns);
  const double start = moved.column_start(0);
  if (start < lower_ || start > upper_ - span_) {
    set(start, span_);
    return;
  }
  start_ = start;
  offset_ = moved.offset;
  emit changed();
}

void TimelineViewport::show_range(double from, double to) {
  if (to < from) std::swap(from, to);
  const double span = std::clamp(to - from, min_span(), upper_ - lower_);
  set((from + to) / 2 - span / 2, span);
}

void TimelineViewport::set(double start, double span) {
  span = std::clamp(span, std::min(min_span(), upper_ - lower_), upper_ - lower_);
  start = std::clamp(start, lower_, upper_ - span);
  if (start == start_ && span == span_) return;
  start_ = origin_ = start;
  offset_ = 0;
  span_ = span;
  emit changed();
}

}  // namespace xo::gui
