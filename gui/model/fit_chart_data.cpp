#include "model/fit_chart_data.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "xo/analyzer/fit/segmented_fit.hpp"

namespace xo::gui {

FitChartData fit_chart_data(const std::vector<analyzer::ProtocolSamples>& samples) {
  FitChartData d;
  std::vector<double> all_bytes, all_seconds;
  for (const auto& p : samples) {
    ProtocolPoints points{QString::fromStdString(p.protocol), {}, 0};
    std::map<double, std::vector<double>> by_size;
    for (const auto& s : p.samples) {
      if (!s.end_to_end_seconds) continue;
      if (s.bytes <= 0) {
        ++d.zero_byte_samples;
        continue;
      }
      by_size[s.bytes].push_back(*s.end_to_end_seconds);
    }
    for (const auto& [bytes, seconds] : by_size) {
      points.samples += seconds.size();
      // Evenly strided, so the points kept (for the chart and the fit) span the whole run.
      const std::size_t keep = std::min(seconds.size(), kSamplesPerSize);
      for (std::size_t k = 0; k < keep; ++k) {
        const double y = seconds[k * seconds.size() / keep];
        points.points.emplace_back(bytes, y);
        all_bytes.push_back(bytes);
        all_seconds.push_back(y);
      }
    }
    if (!points.points.empty()) d.protocols.push_back(std::move(points));
  }
  try {
    const auto fit = analyzer::fit::fit_segmented(all_bytes, all_seconds);
    for (const auto& b : fit.breakpoints) d.breakpoints.push_back({b.left_x, b.right_x});
    const double lo = *std::min_element(all_bytes.begin(), all_bytes.end());
    const double hi = *std::max_element(all_bytes.begin(), all_bytes.end());
    constexpr int kSteps = 200;
    for (int i = 0; i <= kSteps; ++i) {
      const double x = lo * std::pow(hi / lo, static_cast<double>(i) / kSteps);
      const double y = fit.predict(x);
      if (y > 0) d.curve.emplace_back(x, y);
    }
  } catch (const std::invalid_argument& e) {
    d.note = QString("no segmented fit: %1").arg(e.what());
  }
  return d;
}

}  // namespace xo::gui
