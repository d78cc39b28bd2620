#pragma once
// What each point-to-point message of a run cost its two ranks, and what it would cost them under
// another protocol, priced with the bench's measured ProtocolCosts. A message holds up:
//   - its receiver, when the receive was posted first: from the send to the data (end to end);
//     when the receiver came late: only its receive call (the data, or a header, is there);
//   - its sender, from the send until the buffer is free, as far as the sender waits for that (in
//     a blocking send, or in the MPI_Wait of an MPI_Isend); a protocol that holds the sender until
//     the receive is posted (rendezvous) holds it as long as the receiver is late.
// A sender that then waits in its next call anyway (a ping-pong's receive of the reply) absorbs a
// change of its own wait up to that wait: it would only wait there longer or less.
// This is a first-order model of the critical path, not a replay: a change that shifts a later
// message's timing is not followed further.

#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/protocol_costs.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct MessageEnds {
  double bytes = 0;
  std::string protocol;          // the trace's label; empty for none
  bool receiver_waited = false;  // the receive was posted before the send began
  double receive_late_by = 0;    // seconds the receive was posted after the send began (0 if before)
  double receive_call = 0;       // seconds the receiver spent in the call that received it
  // Seconds from the send's start to where its sender waits for the buffer (0 for a blocking send;
  // the MPI_Wait's enter for an MPI_Isend); none when the trace does not show it.
  std::optional<double> sender_waits_from;
  double sender_slack = 0;  // seconds the sender waited in its next call that receives or synchronises
};

std::vector<MessageEnds> message_ends(const TraceModel& model);

// Seconds each end of a message would spend blocked on it under one protocol minus another
// (negative: a saving).
struct EndsChange {
  double receiver = 0;
  double sender = 0;
  double total() const { return receiver + sender; }
};

// `m` moved from protocol `from` to `to`; none when the bench did not measure both at its size.
std::optional<EndsChange> price_change(const MessageEnds& m, const ProtocolCosts& from, const ProtocolCosts& to);

}  // namespace xo::analyzer
