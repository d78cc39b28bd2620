#pragma once
// Labels each message with the protocol its sender's network interface used: the "protocol"
// attribute of the earliest phase on the sender's lanes whose peer is the receiver and whose bytes
// are the message's, starting at or after the send call's enter and before the receive call's
// leave. Phases with a protocol are grouped by (rank, peer, bytes) in a hash table, each group
// sorted by start, and each message binary-searches its group: O((messages + phases) log phases).
// Messages of foreign traces, which have no phases, stay unlabelled.

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

void label_protocols(TraceModel& model);

}  // namespace xo::analyzer
