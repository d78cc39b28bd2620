#include "event_selection.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "mpi_call_kind.hpp"
#include "peer_world_rank.hpp"

namespace xo::tracer {

namespace {

// A rank's records as recorded, read in place (a copy of every rank's would double the memory a
// filtered archive of a large run takes to write).
using EventLog = RecordLog<RankEvent>;

bool is_window_call(std::string_view call) { return call.substr(0, 8) == "MPI_Win_"; }

bool is_one_sided_operation(std::string_view call) {
  for (std::string_view op :
       {"MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate", "MPI_Fetch_and_op", "MPI_Compare_and_swap",
        "MPI_Rput", "MPI_Rget", "MPI_Raccumulate", "MPI_Rget_accumulate"}) {
    if (call == op) return true;
  }
  return false;
}

CallGroup group_of(std::string_view call) {
  if (is_window_call(call) || is_one_sided_operation(call)) return CallGroup::OneSided;
  switch (mpi_call_kind(call).role) {
    case OTF2_REGION_ROLE_POINT2POINT: return CallGroup::PointToPoint;
    case OTF2_REGION_ROLE_BARRIER:
    case OTF2_REGION_ROLE_COLL_ONE2ALL:
    case OTF2_REGION_ROLE_COLL_ALL2ONE:
    case OTF2_REGION_ROLE_COLL_ALL2ALL:
    case OTF2_REGION_ROLE_COLL_OTHER: return CallGroup::Collective;
    default: return CallGroup::Other;
  }
}

// One call of a rank's log: its records [enter, leave], the index of its Leave (or of the log's
// end for a call left open).
struct Call {
  std::size_t enter;
  std::size_t end;  // one past its last record
  std::uint32_t name;
  std::int64_t time;
};

std::vector<Call> calls_of(const EventLog& events) {
  std::vector<Call> calls;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].kind == RankEventKind::Enter) calls.push_back({i, events.size(), events[i].a, events[i].time});
    if (events[i].kind == RankEventKind::Leave && !calls.empty()) calls.back().end = i + 1;
  }
  return calls;
}

// The record after `i` (an Extension of it).
const RankEvent& next(const EventLog& events, std::size_t i) { return events[i + 1]; }

// The k-th collective on a communicator; on MPI_COMM_SELF each rank's are its own.
using InstanceKey = std::tuple<std::uint32_t, std::size_t, std::uint32_t>;  // comm, rank, k
InstanceKey instance_key(std::uint32_t comm, std::uint32_t k, std::size_t rank) {
  return {comm, comm == static_cast<std::uint32_t>(kCommSelfId) ? rank : 0, k};
}

// The collectives a rank began, in order: the call that began each and its communicator
// (blocking: from its end; nonblocking: from the completion of its request; unknown if never
// completed).
struct Started {
  std::size_t call;
  std::uint32_t comm;
};
constexpr std::uint32_t kUnknownComm = std::numeric_limits<std::uint32_t>::max();

std::vector<Started> collectives_begun(const EventLog& events, const std::vector<Call>& calls) {
  std::vector<Started> started;
  std::unordered_map<std::uint64_t, std::size_t> by_request;
  for (std::size_t c = 0; c < calls.size(); ++c) {
    for (std::size_t i = calls[c].enter; i < calls[c].end; ++i) {
      const RankEvent& e = events[i];
      if (e.kind == RankEventKind::CollectiveBegin) started.push_back({c, kUnknownComm});
      if (e.kind == RankEventKind::CollectiveEnd && !started.empty()) started.back().comm = e.b;
      if (e.kind == RankEventKind::CollectiveRequest) {
        by_request[e.wide] = started.size();
        started.push_back({c, kUnknownComm});
      }
      if (e.kind == RankEventKind::CollectiveComplete && i + 2 < events.size()) {
        auto it = by_request.find(events[i + 2].wide);
        if (it != by_request.end()) started[it->second].comm = e.b;
      }
    }
  }
  return started;
}

using ChannelKey = std::tuple<std::uint32_t, int, int, std::uint32_t>;  // comm, sender, receiver, tag

}  // namespace

// Messages are matched by order on their channel, so one left out at one end only would shift
// every later match: a message stays only if both its ends do. Its request records go with it.
void EventSelection::pair_messages(const TraceRecorder& run) {
  const std::vector<RankLog>& logs = run.ranks();
  std::unordered_map<int, const mpi::CommInfo*> comms;
  for (const mpi::CommInfo& c : run.comms()) comms.emplace(c.id, &c);
  const auto comm_of = [&](std::uint32_t id) {
    auto it = comms.find(static_cast<int>(id));
    return it == comms.end() ? nullptr : it->second;
  };
  std::map<ChannelKey, std::vector<MessageEnd>> sends, receives;
  for (std::size_t r = 0; r < logs.size(); ++r) {
    const EventLog& events = logs[r].events;
    const int self = static_cast<int>(r);
    std::unordered_map<std::uint64_t, std::size_t> posted;  // Irecv request -> IrecvRequest record
    for (std::size_t i = 0; i < events.size(); ++i) {
      const RankEvent& e = events[i];
      switch (e.kind) {
        case RankEventKind::Send:
        case RankEventKind::Isend:
          sends[{e.b, self, peer_world_rank(comm_of(e.b), self, e.a), e.c}].push_back({r, i, i});
          break;
        case RankEventKind::IrecvRequest: posted[e.wide] = i; break;
        case RankEventKind::Recv:
        case RankEventKind::Irecv: {
          std::size_t post = i;
          if (e.kind == RankEventKind::Irecv) {
            auto it = posted.find(events[i + 1].wide);
            if (it != posted.end()) post = it->second;
          }
          receives[{e.b, peer_world_rank(comm_of(e.b), self, e.a), self, e.c}].push_back({r, i, post});
          break;
        }
        default: break;
      }
    }
  }
  for (auto& [key, ends] : receives) {
    // Receives match in the order they were posted.
    std::stable_sort(ends.begin(), ends.end(),
                     [](const MessageEnd& a, const MessageEnd& b) { return a.posted < b.posted; });
    auto s = sends.find(key);
    if (s == sends.end()) continue;
    for (std::size_t n = 0; n < ends.size() && n < s->second.size(); ++n) {
      const MessageEnd& send = s->second[n];
      const MessageEnd& receive = ends[n];
      if (kept_[send.rank][send.record] && kept_[receive.rank][receive.record]) continue;
      drop_message_end(logs[send.rank].events, send);
      drop_message_end(logs[receive.rank].events, receive);
    }
  }
}

void EventSelection::drop_message_end(const EventLog& events, const MessageEnd& end) {
  std::vector<bool>& kept = kept_[end.rank];
  const RankEvent& e = events[end.record];
  kept[end.record] = false;
  if (e.kind == RankEventKind::Isend || e.kind == RankEventKind::Irecv) kept[end.record + 1] = false;
  if (e.kind == RankEventKind::Irecv && end.posted != end.record) kept[end.posted] = false;  // its IrecvRequest
  if (e.kind == RankEventKind::Isend) {
    // Its completion, in a later call.
    const std::uint64_t request = events[end.record + 1].wide;
    for (std::size_t i = end.record + 2; i < events.size(); ++i) {
      if ((events[i].kind == RankEventKind::IsendComplete || events[i].kind == RankEventKind::RequestCancelled) &&
          events[i].wide == request) {
        kept[i] = false;
        break;
      }
    }
  }
}

EventSelection::EventSelection(const TraceRecorder& run, const TraceFilter& filter)
    : filter_(filter), keeps_all_(!filter.calls && !filter.windowed()) {
  if (keeps_all_) return;
  const std::size_t ranks = run.ranks().size();
  std::vector<std::vector<Call>> calls(ranks);
  std::vector<std::vector<Started>> begun(ranks);
  // When each collective instance was first begun, over its members.
  std::map<InstanceKey, std::int64_t> first_begun;
  for (std::size_t r = 0; r < ranks; ++r) {
    calls[r] = calls_of(run.ranks()[r].events);
    begun[r] = collectives_begun(run.ranks()[r].events, calls[r]);
    std::unordered_map<std::uint32_t, std::uint32_t> count_on_comm;
    for (const Started& s : begun[r]) {
      if (s.comm == kUnknownComm) continue;
      const InstanceKey key = instance_key(s.comm, count_on_comm[s.comm]++, r);
      const std::int64_t t = calls[r][s.call].time;
      auto [it, added] = first_begun.try_emplace(key, t);
      if (!added) it->second = std::min(it->second, t);
    }
  }

  std::vector<bool> selected(run.calls().size());
  for (std::uint32_t id = 0; id < run.calls().size(); ++id) {
    const std::string& name = run.calls().name(id);
    selected[id] = !filter.calls || filter.calls->selects(name, group_of(name));
  }

  kept_.resize(ranks);
  kept_calls_.resize(ranks);
  for (std::size_t r = 0; r < ranks; ++r) {
    const EventLog& events = run.ranks()[r].events;
    std::vector<bool>& kept = kept_[r];
    kept.assign(events.size(), false);
    // Whether each call holds the start of a collective, and if so whether its instance is kept.
    std::vector<int> collective(calls[r].size(), -1);
    std::unordered_map<std::uint32_t, std::uint32_t> count_on_comm;
    for (const Started& s : begun[r]) {
      bool in = false;
      if (s.comm != kUnknownComm) {
        in = filter.in_window(first_begun.at(instance_key(s.comm, count_on_comm[s.comm]++, r)));
      } else {
        in = filter.in_window(calls[r][s.call].time);
      }
      collective[s.call] = in ? 1 : 0;
    }
    std::unordered_set<std::uint64_t> requests;    // kept, not yet completed
    std::unordered_set<std::uint64_t> operations;  // one-sided, kept, by matching id
    for (std::size_t c = 0; c < calls[r].size(); ++c) {
      const Call& call = calls[r][c];
      const std::string& name = run.calls().name(call.name);
      bool keep = filter.in_window(call.time) || is_window_call(name);
      if (collective[c] >= 0) keep = collective[c] == 1;
      // A completion of a kept request keeps its call.
      for (std::size_t i = call.enter; i < call.end && !keep; ++i) {
        const RankEvent& e = events[i];
        const bool completion = e.kind == RankEventKind::IsendComplete || e.kind == RankEventKind::RequestCancelled;
        if (completion && requests.count(e.wide)) keep = true;
        if (e.kind == RankEventKind::Irecv && requests.count(next(events, i).wide)) keep = true;
        if (e.kind == RankEventKind::CollectiveComplete && i + 2 < events.size() &&
            requests.count(events[i + 2].wide)) {
          keep = true;
        }
      }
      if (!keep || !selected[call.name]) continue;
      if (filter.calls) {
        const std::int64_t leave = call.end <= events.size() ? events[call.end - 1].time : call.time;
        kept_calls_[r].push_back({call.time, leave});
      }
      for (std::size_t i = call.enter; i < call.end; ++i) {
        const RankEvent& e = events[i];
        bool record = true;
        std::size_t extensions = 0;
        switch (e.kind) {
          case RankEventKind::IrecvRequest:
          case RankEventKind::CollectiveRequest: requests.insert(e.wide); break;
          case RankEventKind::Isend:
            requests.insert(next(events, i).wide);
            extensions = 1;
            break;
          case RankEventKind::IsendComplete:
          case RankEventKind::RequestCancelled: record = requests.erase(e.wide) > 0; break;
          case RankEventKind::Irecv:
            record = requests.erase(next(events, i).wide) > 0;
            extensions = 1;
            break;
          case RankEventKind::CollectiveComplete:
            record = requests.erase(events[i + 2].wide) > 0;
            extensions = 2;
            break;
          case RankEventKind::RmaPut:
          case RankEventKind::RmaGet:
          case RankEventKind::RmaAtomic:
            operations.insert(next(events, i).wide);
            extensions = 1;
            break;
          case RankEventKind::RmaOpComplete: record = operations.count(e.wide) > 0; break;
          case RankEventKind::CollectiveEnd: extensions = 1; break;
          default: break;
        }
        for (std::size_t k = i; k <= i + extensions && k < events.size(); ++k) kept[k] = record;
        i += extensions;
      }
    }
  }
  pair_messages(run);
}

bool EventSelection::keeps_phase(std::size_t rank, const PhaseSpan& p) const {
  if (!filter_.in_window(p.start)) return false;
  if (!filter_.calls) return true;
  const std::vector<Span>& calls = kept_calls_[rank];
  // The last kept call that began at or before the phase.
  auto after =
      std::upper_bound(calls.begin(), calls.end(), p.start, [](std::int64_t t, const Span& c) { return t < c.enter; });
  return after != calls.begin() && p.start <= std::prev(after)->leave;
}

}  // namespace xo::tracer
