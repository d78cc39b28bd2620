#pragma once
// What each point-to-point protocol costs the two ends of a message, as the bench measured it:
// the time a waiting receiver spends from the send to the data (end to end), the time a blocking
// sender is held until its buffer is free, the receive call of a message already there, and
// whether the sender is held until the receiver arrives. End-to-end time alone cannot tell a copy
// protocol's worth: the XT3's vshort and the XE6's E1 copy the data so that the sender goes on at
// once (seed 002; seed 004 slides 13-14), which only the sender's side shows.

#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/fit/samples_by_x.hpp"

namespace xo::analyzer {

// Median seconds at each measured size, straight lines between them. Sizes outside the measured
// range have no value.
class SizeCurve {
 public:
  void add(double bytes, double seconds) { bytes_.push_back(bytes), seconds_.push_back(seconds); }
  void finish();  // medians per size; call once after the last add
  bool empty() const { return by_size_.x.empty(); }
  double first_bytes() const { return by_size_.x.front(); }
  double last_bytes() const { return by_size_.x.back(); }
  std::optional<double> at(double bytes) const;

 private:
  std::vector<double> bytes_, seconds_;
  fit::SamplesByX by_size_;
};

struct ProtocolCosts {
  std::string protocol;
  SizeCurve end_to_end;            // receive posted first: send entered to receive left
  SizeCurve send_blocked;          // blocking send, receive posted first: enter to buffer free
  SizeCurve late_receive;          // the receive call of a message (or its header) already there
  SizeCurve free_after_late_post;  // a sender held for the receiver: its receive's post to buffer free
  // Measured on sends whose receive came later; none when no such send was seen.
  std::optional<bool> sender_waits_for_receive;
};

std::vector<ProtocolCosts> measure_protocol_costs(const std::vector<ProtocolSamples>& messages);

// The entry of `protocol`, or nullptr.
const ProtocolCosts* find_costs(const std::vector<ProtocolCosts>& costs, const std::string& protocol);

}  // namespace xo::analyzer
