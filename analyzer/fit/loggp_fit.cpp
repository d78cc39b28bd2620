#include "xo/analyzer/fit/loggp_fit.hpp"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "input_checks.hpp"
#include "t_interval.hpp"

namespace xo::analyzer::fit {
namespace {

// (x, y) pairs for one of the fits.
struct Series {
  std::vector<double> x;
  std::vector<double> y;
};

void check_time(std::size_t sample, const char* name, OptionalSeconds seconds) {
  if (seconds && !(std::isfinite(*seconds) && *seconds >= 0)) {
    throw std::invalid_argument("LogGP sample " + std::to_string(sample) + ": " + name + " is " +
                                std::to_string(*seconds) + "; it must be finite and ≥ 0");
  }
}

RobustFit fit_series(const char* name, const Series& series, const RobustFitOptions& options) {
  const std::size_t sizes = std::set<double>(series.x.begin(), series.x.end()).size();
  if (series.x.size() < 3 || sizes < 2) {
    throw std::invalid_argument(std::string("LogGP: ") + name + " needs at least 3 samples at 2 or more sizes; got " +
                                std::to_string(series.x.size()) + " sample(s) at " + std::to_string(sizes) +
                                " size(s)");
  }
  return fit_robust_line(series.x, series.y, {}, options);
}

}  // namespace

LogGpFit fit_loggp(std::span<const LogGpSample> samples, const LogGpFitOptions& options) {
  require_level(options.level);
  if (!(options.max_gap_bytes >= 0) || !std::isfinite(options.max_gap_bytes)) {
    throw std::invalid_argument("LogGP: max_gap_bytes must be finite and ≥ 0");
  }
  Series send, receive, end_to_end, gap;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const LogGpSample& s = samples[i];
    if (!(std::isfinite(s.bytes) && s.bytes >= 0)) {
      throw std::invalid_argument("LogGP sample " + std::to_string(i) + ": bytes is " + std::to_string(s.bytes) +
                                  "; it must be finite and ≥ 0");
    }
    check_time(i, "send_call_seconds", s.send_call_seconds);
    check_time(i, "receive_call_seconds", s.receive_call_seconds);
    check_time(i, "end_to_end_seconds", s.end_to_end_seconds);
    check_time(i, "gap_seconds", s.gap_seconds);
    if (s.send_call_seconds) send.x.push_back(s.bytes), send.y.push_back(*s.send_call_seconds);
    if (s.receive_call_seconds) receive.x.push_back(s.bytes), receive.y.push_back(*s.receive_call_seconds);
    // LogGP charges (k − 1)·G for k bytes: against k − 1 the intercept is o_s + L + o_r exactly.
    if (s.end_to_end_seconds) end_to_end.x.push_back(s.bytes - 1), end_to_end.y.push_back(*s.end_to_end_seconds);
    if (s.gap_seconds && s.bytes <= options.max_gap_bytes)
      gap.x.push_back(s.bytes - 1), gap.y.push_back(*s.gap_seconds);
  }

  RobustFitOptions robust;
  robust.level = options.level;
  RobustFit send_fit = fit_series("send_call_seconds", send, robust);
  RobustFit receive_fit = fit_series("receive_call_seconds", receive, robust);
  RobustFit end_to_end_fit = fit_series("end_to_end_seconds", end_to_end, robust);

  const Estimate send_overhead = send_fit.fit.coefficient("intercept");
  const Estimate receive_overhead = receive_fit.fit.coefficient("intercept");
  const Estimate end_to_end_intercept = end_to_end_fit.fit.coefficient("intercept");
  const Estimate gap_per_byte = end_to_end_fit.fit.coefficient("slope");
  const Estimate latency_parts[] = {end_to_end_intercept, send_overhead, receive_overhead};
  const Estimate latency = independent_sum_interval(
      end_to_end_intercept.value - send_overhead.value - receive_overhead.value, latency_parts, options.level);

  LogGpFit result{latency,
                  send_overhead,
                  receive_overhead,
                  gap_per_byte,
                  std::nullopt,
                  false,
                  std::move(send_fit),
                  std::move(receive_fit),
                  std::move(end_to_end_fit),
                  std::nullopt};
  // g is a small-message figure: a protocol that carries only large messages has none.
  if (gap.x.size() < 2) return result;
  // A k-byte message occupies the sender's interface for g + (k − 1)·G: take out the per-byte part
  // with the G just estimated; what remains estimates g at every size.
  std::vector<double> remaining(gap.x.size());
  double mean_extra_bytes = 0;
  for (std::size_t i = 0; i < gap.x.size(); ++i) {
    remaining[i] = gap.y[i] - gap.x[i] * gap_per_byte.value;
    mean_extra_bytes += gap.x[i] / static_cast<double>(gap.x.size());
  }
  RobustFit gap_fit = fit_robust_location(remaining, robust);
  const Estimate centre = gap_fit.fit.coefficient(0);
  const Estimate gap_parts[] = {
      centre,
      {mean_extra_bytes * gap_per_byte.value, std::abs(mean_extra_bytes) * gap_per_byte.standard_error, 0, 0,
       gap_per_byte.degrees_of_freedom}};
  result.gap = independent_sum_interval(centre.value, gap_parts, options.level);
  result.gap_may_be_send_overhead = result.gap->lower <= send_overhead.upper;
  result.gap_fit = std::move(gap_fit);
  return result;
}

}  // namespace xo::analyzer::fit
