#include "xo/analyzer/analysis/protocol_costs.hpp"

#include <algorithm>

#include "xo/analyzer/fit/median.hpp"

namespace xo::analyzer {

void SizeCurve::finish() {
  std::sort(samples_.begin(), samples_.end());
  points_.clear();
  std::vector<double> same;
  for (std::size_t i = 0; i < samples_.size(); ++i) {
    same.push_back(samples_[i].second);
    if (i + 1 == samples_.size() || samples_[i + 1].first != samples_[i].first) {
      points_.emplace_back(samples_[i].first, fit::median(same));
      same.clear();
    }
  }
  samples_.clear();
  samples_.shrink_to_fit();
}

std::optional<double> SizeCurve::at(double bytes) const {
  if (points_.empty() || bytes < first_bytes() || bytes > last_bytes()) return std::nullopt;
  const auto above = std::lower_bound(points_.begin(), points_.end(), bytes,
                                      [](const std::pair<double, double>& p, double b) { return p.first < b; });
  if (above->first == bytes || above == points_.begin()) return above->second;
  const auto below = above - 1;
  const double f = (bytes - below->first) / (above->first - below->first);
  return below->second + f * (above->second - below->second);
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
