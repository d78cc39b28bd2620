#include "xo/analyzer/analysis/run_fits.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace xo::analyzer {

namespace {

// Enough for the medians per size that the segmented fit works on to be stable.
constexpr std::size_t kSamplesPerSize = 200;

std::map<double, std::vector<double>> times_by_size(const ProtocolSamples& p) {
  std::map<double, std::vector<double>> by_size;
  for (const fit::LogGpSample& s : p.samples) {
    if (s.end_to_end_seconds) by_size[s.bytes].push_back(*s.end_to_end_seconds);
  }
  return by_size;
}

std::string too_few(std::size_t samples, std::size_t sizes) {
  if (samples == 0) {
    return "no message of this protocol has an end-to-end time (its receive was not posted before the send "
           "began, or it was nonblocking on both sides)";
  }
  return std::to_string(samples) + " end-to-end times at " + std::to_string(sizes) + (sizes == 1 ? " size" : " sizes") +
         ": a line needs three times at two sizes or more";
}

SizeTimes strided_by_size(const std::vector<ProtocolTimes>& times, std::size_t per_size) {
  SizeTimes out;
  for (const ProtocolTimes& p : times) {
    for (const auto& [bytes, seconds] : p.by_size) {
      if (bytes <= 0) continue;
      const std::size_t keep = std::min(seconds.size(), per_size);
      for (std::size_t k = 0; k < keep; ++k) {
        out.bytes.push_back(bytes);
        out.seconds.push_back(seconds[k * seconds.size() / keep]);
      }
    }
  }
  return out;
}

}  // namespace

SizeTimes end_to_end_by_size(const std::vector<ProtocolSamples>& samples, std::size_t per_size) {
  return strided_by_size(end_to_end_times(samples), per_size);
}

std::vector<ProtocolTimes> end_to_end_times(const std::vector<ProtocolSamples>& samples) {
  std::vector<ProtocolTimes> out;
  for (const ProtocolSamples& p : samples) out.push_back({p.protocol, times_by_size(p)});
  return out;
}

std::vector<ProtocolTimes> end_to_end_times(const TraceModel& model) {
  std::vector<ProtocolTimes> out;
  for_each_message_sample(model, [&out](std::string_view label, const fit::LogGpSample& s) {
    // Protocols in the order add_message_samples makes them (the first sample of each, with an
    // end-to-end time or not), so that a fit over these is the one over the samples.
    const std::string_view protocol = label.empty() ? "(unknown)" : label;
    auto it = std::find_if(out.begin(), out.end(), [&](const ProtocolTimes& p) { return p.protocol == protocol; });
    if (it == out.end()) it = out.insert(out.end(), {std::string(protocol), {}});
    if (s.end_to_end_seconds) it->by_size[s.bytes].push_back(*s.end_to_end_seconds);
  });
  return out;
}

RunFits fit_run(const std::vector<ProtocolSamples>& samples) {
  RunFits fits;
  const std::vector<ProtocolTimes> times = end_to_end_times(samples);  // for the lines and the boundaries
  for (const ProtocolTimes& p : times) {
    ProtocolLine line{p.protocol, 0, 0, std::nullopt, {}};
    std::vector<double> x, y;
    for (const auto& [bytes, seconds] : p.by_size) {
      if (bytes <= 0) fits.zero_byte_samples += seconds.size();
      ++line.sizes;
      for (double s : seconds) x.push_back(bytes), y.push_back(s);
    }
    line.samples = x.size();
    try {
      if (line.sizes >= 2) line.line = fit::fit_robust_line(x, y);
    } catch (const std::invalid_argument& e) {
      line.missing = e.what();
    }
    if (!line.line && line.missing.empty()) line.missing = too_few(line.samples, line.sizes);
    fits.protocols.push_back(std::move(line));
  }
  fits.boundaries = fit_boundaries(times, &fits.boundaries_missing);
  return fits;
}

std::optional<fit::SegmentedFit> fit_boundaries(const std::vector<ProtocolSamples>& samples, std::string* missing) {
  return fit_boundaries(end_to_end_times(samples), missing);
}

std::optional<fit::SegmentedFit> fit_boundaries(const std::vector<ProtocolTimes>& times, std::string* missing) {
  const SizeTimes all = strided_by_size(times, kSamplesPerSize);
  try {
    return fit::fit_segmented(all.bytes, all.seconds);
  } catch (const std::invalid_argument& e) {
    if (missing != nullptr)
      *missing = all.bytes.empty() ? "no message of a byte or more has an end-to-end time" : e.what();
    return std::nullopt;
  }
}

}  // namespace xo::analyzer
