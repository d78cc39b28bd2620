#pragma once
// Per-message timing samples for the point-to-point models: what each matched message says about
// its protocol's costs, as fit_loggp takes them. From any trace:
//   - send call:   the blocking send call's duration;
//   - end to end:  send call entered (blocking or not) to the receive's completion (a blocking
//                  receive's leave, an MPI_Irecv's arrival), when the receive was posted first
//                  (the receiver was waiting, so no time of its own is in it);
//   - send blocked: the blocking send's call in that case (enter to buffer free).
// From traces of `xo bench`'s ping-pong program (bench_tags.hpp), also:
//   - receive call: the receive of the first message of a pair, which found it (or, for a
//                   rendezvous protocol, its header) already there;
//   - gap:          from the first to the second send of a pair, two sends back to back;
//   - whether the first send's buffer became free only after its (late) receive was posted;
// and the send call is the pair's MPI_Isend, which costs the send overhead alone: a blocking send
// of a rendezvous protocol includes the handshake. (A rendezvous receive still pulls the data, so
// its o_r includes that round trip; L is then what end to end leaves over.) On a real MPI
// (xo bench --mpi) the ping-pong's end to end is half a round trip timed on rank 0's clock.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "xo/analyzer/fit/loggp_fit.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct ProtocolSamples {
  std::string protocol;  // the messages' label; "(unknown)" when the trace has none
  std::vector<fit::LogGpSample> samples;
};

// Appends the trace's samples to `by_protocol` (one entry per protocol, in order of appearance).
void add_message_samples(const TraceModel& model, std::vector<ProtocolSamples>& by_protocol);

// Each sample in turn with its message's protocol label (empty when the trace has none), in the
// order add_message_samples appends them, without keeping them: a caller that needs one figure of
// each (the GUI's chart, 8 bytes a message) need not hold 64 bytes a message.
void for_each_message_sample(const TraceModel& model,
                             const std::function<void(std::string_view protocol, const fit::LogGpSample&)>& visit);

}  // namespace xo::analyzer
