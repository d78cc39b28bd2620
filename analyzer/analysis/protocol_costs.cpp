#include "xo/analyzer/analysis/protocol_costs.hpp"

#include <algorithm>

namespace xo::analyzer {

void SizeCurve::finish() {
  by_size_ = fit::group_samples_by_x(bytes_, seconds_);
  bytes_ = {};
  seconds_ = {};
}

std::optional<double> SizeCurve::at(double bytes) const {
  if (empty() || bytes < first_bytes() || bytes > last_bytes()) return std::nullopt;
  const std::vector<double>& x = by_size_.x;
  const std::vector<double>& median = by_size_.median;
  const auto i = static_cast<std::size_t>(std::lower_bound(x.begin(), x.end(), bytes) - x.begin());
  if (x[i] == bytes || i == 0) return median[i];
  const double f = (bytes - x[i - 1]) / (x[i] - x[i - 1]);
  return median[i - 1] + f * (median[i] - median[i - 1]);
}

std::vector<ProtocolCosts> measure_protocol_costs(const std::vector<ProtocolSamples>& messages) {
  std::vector<ProtocolCosts> out;
  for (const ProtocolSamples& p : messages) {
    ProtocolCosts c;
    c.protocol = p.protocol;
    std::size_t waited = 0, went_on = 0;
    for (const fit::LogGpSample& s : p.samples) {
      if (s.end_to_end_seconds) c.end_to_end.add(s.bytes, *s.end_to_end_seconds);
      if (s.send_blocked_seconds) c.send_blocked.add(s.bytes, *s.send_blocked_seconds);
      if (s.receive_call_seconds) c.late_receive.add(s.bytes, *s.receive_call_seconds);
      if (s.free_after_receive_posted) c.free_after_late_post.add(s.bytes, *s.free_after_receive_posted);
      if (s.sender_waited_for_receive) ++(*s.sender_waited_for_receive ? waited : went_on);
    }
    c.end_to_end.finish();
    c.send_blocked.finish();
    c.late_receive.finish();
    c.free_after_late_post.finish();
    if (waited + went_on > 0) c.sender_waits_for_receive = waited > went_on;
    out.push_back(std::move(c));
  }
  return out;
}

const ProtocolCosts* find_costs(const std::vector<ProtocolCosts>& costs, const std::string& protocol) {
  for (const ProtocolCosts& c : costs) {
    if (c.protocol == protocol) return &c;
  }
  return nullptr;
}

}  // namespace xo::analyzer
