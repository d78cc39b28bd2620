#include "model/fit_chart_data.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "model/display_text.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"

namespace xo::gui {

FitChartData fit_chart_data(const std::vector<analyzer::ProtocolTimes>& times) {
  FitChartData d;
  double lo = 0, hi = 0;
  for (const auto& p : times) {
    ProtocolPoints points{QString::fromStdString(p.protocol), {}, 0};
    for (const auto& [bytes, seconds] : p.by_size) {
      if (bytes <= 0) {
        d.zero_byte_samples += seconds.size();
        continue;
      }
      points.samples += seconds.size();
      lo = lo == 0 ? bytes : std::min(lo, bytes);
      hi = std::max(hi, bytes);
      // Evenly strided, so the points drawn span the whole run.
      const std::size_t keep = std::min(seconds.size(), kSamplesPerSize);
      for (std::size_t k = 0; k < keep; ++k) points.points.emplace_back(bytes, seconds[k * seconds.size() / keep]);
    }
    if (!points.points.empty()) d.protocols.push_back(std::move(points));
  }
  if (lo > 0 && lo == hi) {
    d.note = QString("every message here is %1, so there is no trend over sizes to fit (it takes two sizes or more)")
                 .arg(size_text(lo));
    return d;
  }
  // The boundaries xo report finds, from the same function.
  std::string missing;
  const auto fit = analyzer::fit_boundaries(times, &missing);
  if (!fit) {
    d.note = QString("no segmented fit: %1").arg(QString::fromStdString(missing));
    return d;
  }
  for (const auto& b : fit->breakpoints) d.breakpoints.push_back({b.left_x, b.right_x});
  constexpr int kSteps = 200;
  for (int i = 0; i <= kSteps; ++i) {
    const double x = lo * std::pow(hi / lo, static_cast<double>(i) / kSteps);
    const double y = fit->predict(x);
    if (y > 0) d.curve.emplace_back(x, y);
  }
  return d;
}

}  // namespace xo::gui
