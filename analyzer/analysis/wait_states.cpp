#include "xo/analyzer/analysis/wait_states.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_set>

namespace xo::analyzer {

namespace {

class WaitRecorder {
 public:
  explicit WaitRecorder(WaitStateTable& table) : table_(table) {}

  // Records the wait from `from` to `until` in `call` (clipped to the call's leave), if any.
  void add(WaitKind kind, RankId rank, Index call, double from, double until, double call_leave, RankId waited_for,
           StringId protocol, Index source) {
    const double seconds = std::min(until, call_leave) - from;
    if (!(seconds > 0)) return;
    table_.kind.push_back(kind);
    table_.rank.push_back(rank);
    table_.call.push_back(call);
    table_.seconds.push_back(seconds);
    table_.waited_for.push_back(waited_for);
    table_.protocol.push_back(protocol);
    table_.source.push_back(source);
  }

 private:
  WaitStateTable& table_;
};

bool synchronous_send(const TraceModel& m, Index call) {
  const std::string& name = m.regions.name[m.calls.region[call]];
  return name.starts_with("MPI_Ssend") || name.starts_with("MPI_Issend");
}

// The protocols that release their sender before the receive is posted (eager ones), as the trace
// shows: a standard-mode send of that protocol whose buffer was free before its receive was posted.
// Their sends never wait for a receiver, whatever their duration.
std::unordered_set<StringId> releasing_protocols(const TraceModel& m) {
  const MessageTable& msg = m.messages;
  std::unordered_set<StringId> out;
  for (Index i = 0; i < msg.size(); ++i) {
    if (msg.protocol[i] == kNoString || msg.send_call[i] == kNoIndex || synchronous_send(m, msg.send_call[i])) continue;
    if (m.send_buffer_free(i) < m.receive_posted(i)) out.insert(msg.protocol[i]);
  }
  return out;
}

void point_to_point_waits(const TraceModel& m, WaitRecorder& out) {
  const MessageTable& msg = m.messages;
  const CallTable& calls = m.calls;
  const std::unordered_set<StringId> releasing = releasing_protocols(m);
  for (Index i = 0; i < msg.size(); ++i) {
    const Index send = msg.send_call[i];
    const Index receive = msg.receive_call[i];
    if (send == kNoIndex || receive == kNoIndex) continue;
    const double send_enter = calls.enter[send];
    out.add(WaitKind::LateSender, msg.receiver[i], receive, calls.enter[receive], send_enter, calls.leave[receive],
            msg.sender[i], msg.protocol[i], i);
    const bool blocking_send = (msg.flags[i] & MessageTable::kNonblockingSend) == 0;
    const bool held = !releasing.contains(msg.protocol[i]) || synchronous_send(m, send);
    // Held until the buffer was free: a send inside MPI_Sendrecv may be done long before the call.
    const double buffer_free = m.send_buffer_free(i);
    const double free = std::isnan(buffer_free) ? calls.leave[send] : buffer_free;
    const double posted = m.receive_posted(i);
    if (blocking_send && held && free > posted) {
      out.add(WaitKind::LateReceiver, msg.sender[i], send, send_enter, posted, calls.leave[send], msg.receiver[i],
              msg.protocol[i], i);
    }
  }
}

enum class CollectiveShape { Barrier, AllToAll, OneToAll, Other };

CollectiveShape shape_of(OTF2_CollectiveOp op) {
  switch (op) {
    case OTF2_COLLECTIVE_OP_BARRIER: return CollectiveShape::Barrier;
    case OTF2_COLLECTIVE_OP_ALLREDUCE:
    case OTF2_COLLECTIVE_OP_ALLGATHER:
    case OTF2_COLLECTIVE_OP_ALLGATHERV:
    case OTF2_COLLECTIVE_OP_ALLTOALL:
    case OTF2_COLLECTIVE_OP_ALLTOALLV:
    case OTF2_COLLECTIVE_OP_ALLTOALLW:
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: return CollectiveShape::AllToAll;
    case OTF2_COLLECTIVE_OP_BCAST:
    case OTF2_COLLECTIVE_OP_SCATTER:
    case OTF2_COLLECTIVE_OP_SCATTERV: return CollectiveShape::OneToAll;
    default: return CollectiveShape::Other;
  }
}

void collective_waits(const TraceModel& m, WaitRecorder& out) {
  const CollectiveTable& c = m.collectives;
  const CallTable& calls = m.calls;
  // A member's enter and leave: its call's, or the begin and end events without one.
  auto enter = [&](Index k) { return c.call[k] == kNoIndex ? c.begin[k] : calls.enter[c.call[k]]; };
  auto leave = [&](Index k) { return c.call[k] == kNoIndex ? c.end[k] : calls.leave[c.call[k]]; };
  for (Index i = 0; i < c.size(); ++i) {
    const CollectiveShape shape = shape_of(c.operation[i]);
    if (shape == CollectiveShape::Other || c.member_count[i] < 2 || c.nonblocking[i]) continue;
    const Index first = c.first_member[i];
    const Index last = first + c.member_count[i];
    if (shape == CollectiveShape::OneToAll) {
      Index root = kNoIndex;
      for (Index k = first; k < last; ++k) root = c.rank[k] == c.root[i] ? k : root;
      if (root == kNoIndex) continue;
      for (Index k = first; k < last; ++k) {
        if (k == root) continue;
        out.add(WaitKind::LateBroadcast, c.rank[k], c.call[k], enter(k), enter(root), leave(k), c.rank[root],
                c.algorithm[i], i);
      }
      continue;
    }
    Index latest = first;
    for (Index k = first; k < last; ++k) latest = enter(k) > enter(latest) ? k : latest;
    const WaitKind kind = shape == CollectiveShape::Barrier ? WaitKind::WaitAtBarrier : WaitKind::WaitAtNxN;
    for (Index k = first; k < last; ++k) {
      out.add(kind, c.rank[k], c.call[k], enter(k), enter(latest), leave(k), c.rank[latest], c.algorithm[i], i);
    }
  }
}

}  // namespace

const char* wait_kind_name(WaitKind kind) {
  switch (kind) {
    case WaitKind::LateSender: return "late sender";
    case WaitKind::LateReceiver: return "late receiver";
    case WaitKind::WaitAtBarrier: return "wait at barrier";
    case WaitKind::WaitAtNxN: return "wait at N x N";
    case WaitKind::LateBroadcast: return "late broadcast";
  }
  return "?";
}

WaitStateTable find_wait_states(const TraceModel& model) {
  WaitStateTable table;
  WaitRecorder recorder(table);
  point_to_point_waits(model, recorder);
  collective_waits(model, recorder);
  return table;
}

std::vector<WaitTotal> total_wait_states(const WaitStateTable& waits) {
  std::map<std::pair<WaitKind, StringId>, WaitTotal> totals;
  for (std::size_t i = 0; i < waits.size(); ++i) {
    WaitTotal& t = totals.try_emplace({waits.kind[i], waits.protocol[i]}, WaitTotal{waits.kind[i], waits.protocol[i]})
                       .first->second;
    ++t.count;
    t.seconds += waits.seconds[i];
  }
  std::vector<WaitTotal> out;
  for (const auto& [key, total] : totals) out.push_back(total);
  std::stable_sort(out.begin(), out.end(),
                   [](const WaitTotal& a, const WaitTotal& b) { return a.seconds > b.seconds; });
  return out;
}

}  // namespace xo::analyzer
