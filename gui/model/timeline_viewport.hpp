#pragma once
// The timeline's zoom and pan state: which span of time the data area's `width` pixels show, kept
// inside the trace's [lower, upper] time limits. Its own QObject, as hotspot keeps zoom state, so
// that the view, the ruler and tests share one piece of arithmetic.

#include <QObject>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

class TimelineViewport : public QObject {
  Q_OBJECT

 public:
  explicit TimelineViewport(QObject* parent = nullptr) : QObject(parent) {}

  // The times that can be shown; fits all of them into view.
  void set_limits(double lower, double upper);
  void set_width(int pixels);  // keeps the time at the left edge and the seconds per pixel

  double start() const { return start_; }
  double end() const { return start_ + span_; }
  double span() const { return span_; }
  int width() const { return width_; }
  double lower() const { return lower_; }
  double upper() const { return upper_; }
  double seconds_per_pixel() const { return span_ / width_; }
  // The columns shown: anchored where the last zoom put them, so that pans move them by whole columns.
  PixelScale scale() const { return {origin_, seconds_per_pixel(), offset_}; }
  double time_at(double x) const { return start_ + x * seconds_per_pixel(); }
  double x_of(double t) const { return (t - start_) / seconds_per_pixel(); }

  // The shortest span shown: a picosecond per pixel (the traces' clock), and no finer than the
  // doubles near the trace's end can tell apart.
  double min_span() const;

  void fit_all();
  // Zooms in (factor > 1) or out about pixel x, which keeps showing the time it shows now unless
  // the limits get in the way.
  void zoom_about(double x, double factor);
  // Positive: later times come into view. By whole pixels (dx rounded), so that the columns both
  // frames show are the same and the renderer reuses them.
  void pan_pixels(double dx);
  void show_range(double from, double to);  // e.g. a rubber band; widened to min_span

 signals:
  void changed();

 private:
  void set(double start, double span);

  double lower_ = 0, upper_ = 1;
  double start_ = 0, span_ = 1;
  double origin_ = 0;  // start_ is column offset_ of the columns anchored here
  long long offset_ = 0;
  int width_ = 1;
};

}  // namespace xo::gui
