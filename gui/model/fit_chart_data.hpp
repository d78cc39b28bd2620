#pragma once
// What the fit chart plots for one trace: per protocol, its messages' end-to-end times against
// bytes (end_to_end_times, run_fits.hpp; at most kSamplesPerSize per protocol and size, evenly
// chosen, so a chart of a million messages stays light), and the segmented fit analyzer/fit finds over all protocols
// from the times alone (its curve sampled on a log grid, its breakpoints), as `xo report`'s "fits"
// section does. Zero-byte messages have no place on a log axis and are counted instead.

#include <QPointF>
#include <QString>
#include <vector>

#include "xo/analyzer/analysis/run_fits.hpp"

namespace xo::gui {

struct ProtocolPoints {
  QString protocol;
  std::vector<QPointF> points;  // (bytes, seconds)
  std::size_t samples = 0;      // before thinning
};

struct FitBreakpoint {
  double left_bytes = 0;   // last size of the left segment
  double right_bytes = 0;  // first size of the right one
};

struct FitChartData {
  std::vector<ProtocolPoints> protocols;
  std::vector<QPointF> curve;  // the segmented fit, (bytes, seconds)
  std::vector<FitBreakpoint> breakpoints;
  std::size_t zero_byte_samples = 0;
  QString note;  // why there is no curve, if there is none
};

inline constexpr std::size_t kSamplesPerSize = 40;

FitChartData fit_chart_data(const std::vector<analyzer::ProtocolTimes>& times);

}  // namespace xo::gui
