#include "xo/analyzer/analysis/message_samples.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>

#include "xo/analyzer/analysis/bench_trace.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::analyzer {

namespace {

// When message i was complete at its receiver: the receive's end (a blocking receive's leave, an
// MPI_Irecv's "arrived" attribute), or, for a foreign trace without the attribute, the MpiIrecv
// event when the call that reported it completed no other message (a wait for several retires
// them all at the end, after the last arrived); NaN if unknown. `messages_per_call` is empty when
// the trace gives every completion.
double receive_complete(const TraceModel& m, const std::vector<std::uint32_t>& messages_per_call, Index i) {
  const MessageTable& msg = m.messages;
  if (const double complete = m.receive_complete(i); !std::isnan(complete)) return complete;
  const Index call = msg.receive_call[i];
  if (call != kNoIndex && messages_per_call[call] == 1) return m.receive_time(i);
  return std::numeric_limits<double>::quiet_NaN();
}

// The messages each receive call completed, counted only when some completion within a call is
// not given (4 bytes a call: 100 MB at 10^8 events that Crossover's traces never need).
std::vector<std::uint32_t> messages_per_receive_call(const TraceModel& m) {
  const MessageTable& msg = m.messages;
  std::vector<std::uint32_t> count;
  for (Index i = 0; i < msg.size(); ++i) {
    if (msg.receive_call[i] != kNoIndex && std::isnan(m.receive_complete(i))) {
      count.assign(m.calls.size(), 0);
      break;
    }
  }
  if (count.empty()) return count;
  for (Index i = 0; i < msg.size(); ++i) {
    if (msg.receive_call[i] != kNoIndex) ++count[msg.receive_call[i]];
  }
  return count;
}

ProtocolSamples& entry(std::vector<ProtocolSamples>& by_protocol, const std::string& protocol) {
  for (ProtocolSamples& p : by_protocol) {
    if (p.protocol == protocol) return p;
  }
  return by_protocol.emplace_back(ProtocolSamples{protocol, {}});
}

// Half of each round trip of a real MPI's bench ping-pong, on the message that began it (NaN for
// the others): from rank 0's send entered to its receive of the reply left, both on rank 0's clock,
// as OSU and mpptest time it. A one-way time spans two clocks, and a real library's receive is
// posted first only when the partner wins a race against the reply's arrival.
std::vector<double> half_round_trips(const TraceModel& m) {
  const MessageTable& msg = m.messages;
  const CallTable& calls = m.calls;
  std::vector<double> half(msg.size(), std::numeric_limits<double>::quiet_NaN());
  std::map<double, Index> out, back;  // rank 0's pings by send entered, the replies by receive left
  for (Index i = 0; i < msg.size(); ++i) {
    if (msg.tag[i] != static_cast<std::uint32_t>(tracer::bench::kPingPongTag) || msg.send_call[i] == kNoIndex ||
        msg.receive_call[i] == kNoIndex) {
      continue;
    }
    if (msg.sender[i] == 0) out.emplace(calls.enter[msg.send_call[i]], i);
    if (msg.receiver[i] == 0) back.emplace(calls.leave[msg.receive_call[i]], i);
  }
  auto reply = back.begin();
  for (const auto& [sent, i] : out) {  // the program alternates: each ping's reply is the next one back
    while (reply != back.end() && reply->first < sent) ++reply;
    if (reply == back.end()) break;
    if (msg.bytes[reply->second] == msg.bytes[i]) half[i] = (reply->first - sent) / 2;
    ++reply;
  }
  return half;
}

}  // namespace

void add_message_samples(const TraceModel& m, std::vector<ProtocolSamples>& by_protocol) {
  for_each_message_sample(m, [&by_protocol](std::string_view label, const fit::LogGpSample& s) {
    entry(by_protocol, label.empty() ? "(unknown)" : std::string(label)).samples.push_back(s);
  });
}

void for_each_message_sample(const TraceModel& m,
                             const std::function<void(std::string_view protocol, const fit::LogGpSample&)>& visit) {
  const MessageTable& msg = m.messages;
  const CallTable& calls = m.calls;
  const bool bench = is_bench_pingpong(m);
  const std::vector<double> half_round_trip = bench && is_real_job(m) ? half_round_trips(m) : std::vector<double>{};
  // The first send of the pair of each size, by sender and size: the second send's gap is measured
  // from it. (The receiver takes the second message first, so the table may hold it first.)
  std::map<std::pair<RankId, std::uint64_t>, double> first_of_pair_enter;
  for (Index i = 0; bench && i < msg.size(); ++i) {
    if (msg.tag[i] == static_cast<std::uint32_t>(tracer::bench::kFirstOfPairTag) && msg.send_call[i] != kNoIndex) {
      first_of_pair_enter[{msg.sender[i], msg.bytes[i]}] = calls.enter[msg.send_call[i]];
    }
  }
  const std::vector<std::uint32_t> messages_per_call = messages_per_receive_call(m);
  for (Index i = 0; i < msg.size(); ++i) {
    const Index send = msg.send_call[i];
    const Index receive = msg.receive_call[i];
    if (send == kNoIndex || receive == kNoIndex) continue;
    if (bench && msg.tag[i] == static_cast<std::uint32_t>(tracer::bench::kWarmUpTag)) continue;
    const std::string_view label = m.strings.at(msg.protocol[i]);
    fit::LogGpSample s;
    s.bytes = static_cast<double>(msg.bytes[i]);
    const bool blocking_send = (msg.flags[i] & MessageTable::kNonblockingSend) == 0;
    // In the bench's traces the pair's MPI_Isend calls give the send overhead alone; a blocking
    // send of a rendezvous protocol would add the handshake it waits for.
    if (bench ? !blocking_send : blocking_send) s.send_call_seconds = calls.leave[send] - calls.enter[send];
    // Every message whose receive was posted before its send began gives an end-to-end time, from
    // the send's start to the receive's completion, blocking or not; a real MPI's ping-pong gives
    // half its round trips instead.
    const double posted = m.receive_posted(i);
    if (!half_round_trip.empty()) {
      if (!std::isnan(half_round_trip[i])) s.end_to_end_seconds = half_round_trip[i];
    } else if (posted <= calls.enter[send]) {
      const double complete = receive_complete(m, messages_per_call, i);
      if (complete >= calls.enter[send]) s.end_to_end_seconds = complete - calls.enter[send];
      if (blocking_send) s.send_blocked_seconds = calls.leave[send] - calls.enter[send];
    }
    // A receive posted well after the send (the bench's first of a pair): did the buffer wait for it?
    const double free = m.send_buffer_free(i);
    if (bench && !blocking_send && !std::isnan(free) && posted > calls.enter[send]) {
      s.sender_waited_for_receive = free >= posted;
      if (*s.sender_waited_for_receive) s.free_after_receive_posted = free - posted;
    }
    if (bench && msg.tag[i] == static_cast<std::uint32_t>(tracer::bench::kFirstOfPairTag)) {
      s.receive_call_seconds = calls.leave[receive] - calls.enter[receive];
    }
    if (bench && msg.tag[i] == static_cast<std::uint32_t>(tracer::bench::kSecondOfPairTag)) {
      const auto first = first_of_pair_enter.find({msg.sender[i], msg.bytes[i]});
      if (first != first_of_pair_enter.end()) s.gap_seconds = calls.enter[send] - first->second;
    }
    if (!s.send_call_seconds && !s.end_to_end_seconds && !s.receive_call_seconds && !s.gap_seconds &&
        !s.sender_waited_for_receive) {
      continue;
    }
    visit(label, s);
  }
}

}  // namespace xo::analyzer
