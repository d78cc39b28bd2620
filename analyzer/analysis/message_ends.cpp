#include "xo/analyzer/analysis/message_ends.hpp"

#include <algorithm>
#include <cmath>

namespace xo::analyzer {

namespace {

bool only_sends(std::string_view call) {
  for (const std::string_view s : {"MPI_Send", "MPI_Isend", "MPI_Bsend", "MPI_Ibsend", "MPI_Ssend", "MPI_Issend",
                                   "MPI_Rsend", "MPI_Irsend", "MPI_Start", "MPI_Startall"}) {
    if (call == s) return true;
  }
  return false;
}

// The time the rank waits in its next outermost MPI call after `call` that takes any time: a call
// that receives or synchronises waits for another rank, and a change of this send's time shifts
// only that wait; a call that only sends would be shifted whole (0). Instant calls are skipped.
double next_wait_seconds(const TraceModel& model, Index call) {
  const CallTable& calls = model.calls;
  const Index end = calls.first_of_rank[static_cast<std::size_t>(model.call_rank(call)) + 1];
  for (Index k = call + 1; k < end; ++k) {
    if (calls.depth_of(k) != 0 || !model.is_mpi_call(k) || !(calls.leave[k] > calls.enter[k])) continue;
    return only_sends(model.regions.name[calls.region[k]]) ? 0.0 : calls.leave[k] - calls.enter[k];
  }
  return 0;
}

// How long after the send's start the sender's buffer is free under protocol `p`, if measured: as
// with the receive posted first, or, for a protocol that holds the sender for the receiver, from
// the receive's post (its request to send went long before) if that is later.
std::optional<double> buffer_free_after(const MessageEnds& m, const ProtocolCosts& p) {
  const std::optional<double> blocked = p.send_blocked.at(m.bytes);
  if (!blocked) return std::nullopt;
  if (!p.sender_waits_for_receive.value_or(false) || m.receive_late_by <= 0) return *blocked;
  const std::optional<double> after_post = p.free_after_late_post.at(m.bytes);
  if (!after_post) return std::nullopt;
  return std::max(*blocked, m.receive_late_by + *after_post);
}

// A change of `delta` seconds in a wait that `slack` seconds of waiting right after would absorb.
double beyond_slack(double delta, double slack) { return std::copysign(std::max(0.0, std::abs(delta) - slack), delta); }

}  // namespace

std::vector<MessageEnds> message_ends(const TraceModel& model) {
  const MessageTable& msg = model.messages;
  const CallTable& calls = model.calls;
  std::vector<MessageEnds> out;
  out.reserve(msg.size());
  for (Index i = 0; i < msg.size(); ++i) {
    const Index send = msg.send_call[i], receive = msg.receive_call[i];
    if (send == kNoIndex || receive == kNoIndex) continue;
    MessageEnds m;
    m.bytes = static_cast<double>(msg.bytes[i]);
    m.protocol = std::string(model.strings.at(msg.protocol[i]));
    const double start = calls.enter[send];
    const double posted = model.receive_posted(i);
    m.receiver_waited = posted <= start;
    m.receive_late_by = std::max(0.0, posted - start);
    m.receive_call = calls.leave[receive] - calls.enter[receive];
    const bool blocking = (msg.flags[i] & MessageTable::kNonblockingSend) == 0;
    const Index wait = blocking ? send : model.send_complete_call(i);
    if (wait != kNoIndex) {
      m.sender_waits_from = std::max(0.0, calls.enter[wait] - start);
      m.sender_slack = next_wait_seconds(model, wait);
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::optional<EndsChange> price_change(const MessageEnds& m, const ProtocolCosts& from, const ProtocolCosts& to) {
  EndsChange change;
  double& receiver = change.receiver;
  if (m.receiver_waited) {
    const auto a = from.end_to_end.at(m.bytes), b = to.end_to_end.at(m.bytes);
    if (!a || !b) return std::nullopt;
    receiver = *b - *a;
  } else {
    const auto a = from.late_receive.at(m.bytes), b = to.late_receive.at(m.bytes);
    if (!a || !b) return std::nullopt;
    receiver = *b - *a;
  }
  receiver = std::max(receiver, -m.receive_call);  // a receiver saves at most the time it spent there
  if (m.sender_waits_from) {
    const auto a = buffer_free_after(m, from), b = buffer_free_after(m, to);
    if (!a || !b) return std::nullopt;
    const double held_a = std::max(0.0, *a - *m.sender_waits_from);
    const double held_b = std::max(0.0, *b - *m.sender_waits_from);
    change.sender = beyond_slack(held_b - held_a, m.sender_slack);
  }
  return change;
}

}  // namespace xo::analyzer
