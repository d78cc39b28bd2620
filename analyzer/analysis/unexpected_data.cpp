#include "xo/analyzer/analysis/unexpected_data.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>

namespace xo::analyzer {

std::vector<UnexpectedArrival> unexpected_arrivals(const TraceModel& model) {
  std::vector<UnexpectedArrival> out;
  const MessageTable& msg = model.messages;
  for (Index i = 0; i < msg.size(); ++i) {
    const double posted = model.receive_posted(i);
    if (posted > msg.send_time[i]) {
      out.push_back({msg.sender[i], msg.receiver[i], static_cast<double>(msg.bytes[i]), msg.send_time[i], posted});
    }
  }
  const UnreceivedSendTable& u = model.unreceived;
  for (std::size_t i = 0; i < u.size(); ++i) {
    out.push_back({u.sender[i], u.receiver[i], static_cast<double>(u.bytes[i]), u.send_time[i],
                   std::numeric_limits<double>::infinity()});
  }
  return out;
}

UnexpectedPeak peak_unexpected_data(const std::vector<UnexpectedArrival>& arrivals, const hw::Machine& machine) {
  // Per receiver: +bytes when a message arrives, -bytes when it is taken; at equal times the
  // taking goes first (a receive posted as the message lands never holds it).
  struct Step {
    RankId receiver;
    double time;
    int sign;
    double bytes;
  };
  std::vector<Step> steps;
  for (const UnexpectedArrival& a : arrivals) {
    const auto bytes = static_cast<std::int64_t>(a.bytes);
    if (machine.protocol_between(bytes, hw::SendMode::Standard, a.sender, a.receiver).protocol != hw::Protocol::Eager) {
      continue;
    }
    steps.push_back({a.receiver, a.arrived, +1, a.bytes});
    steps.push_back({a.receiver, a.taken, -1, a.bytes});
  }
  std::sort(steps.begin(), steps.end(), [](const Step& x, const Step& y) {
    return std::tie(x.receiver, x.time, x.sign) < std::tie(y.receiver, y.time, y.sign);
  });
  UnexpectedPeak peak;
  double held = 0;
  std::size_t count = 0;
  std::multiset<double> sizes;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (i > 0 && steps[i].receiver != steps[i - 1].receiver) held = 0, count = 0, sizes.clear();
    const Step& s = steps[i];
    if (s.sign > 0) {
      held += s.bytes, ++count, sizes.insert(s.bytes);
    } else {
      held -= s.bytes, --count, sizes.erase(sizes.find(s.bytes));
    }
    if (held > peak.bytes) peak = {s.receiver, held, count, *sizes.rbegin()};
  }
  return peak;
}

}  // namespace xo::analyzer
