#include "xo/analyzer/analysis/rma_wait_states.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <string_view>
#include <tuple>

#include "xo/analyzer/rma_sync_call.hpp"

namespace xo::analyzer {

namespace {

enum Kind : std::size_t { kLatePost, kEarlyWait, kWaitAtFence, kLockContention };

// The part of `s` before `until`.
double wait_until(const RmaCallSpan& s, double until) { return std::clamp(until - s.enter, 0.0, s.leave - s.enter); }

void count(RmaWaitState& w, double seconds) {
  ++w.calls;
  if (seconds <= 0) return;
  ++w.waiting;
  w.seconds += seconds;
}

// Matching of post-start-complete-wait: the k-th access epoch of an origin to a target pairs with
// the target's k-th exposure epoch to that origin, on the same window.
using PairKey = std::tuple<OTF2_RmaWinRef, RankId, RankId>;  // window, from, to

void find_group_waits(const TraceModel& t, std::vector<RmaWaitState>& out) {
  std::map<PairKey, std::vector<double>> posts;      // (window, target, origin): each post's begin
  std::map<PairKey, std::vector<double>> completes;  // (window, origin, target): each complete's begin
  const auto group = [&](const RmaSyncEvent& e) -> const std::vector<RankId>* {
    const auto found = t.rma.group_ranks.find(e.peer);
    return found == t.rma.group_ranks.end() ? nullptr : &found->second;
  };
  for (const RmaSyncEvent& e : t.rma.events) {
    if (e.kind != RmaSyncKind::GroupSync) continue;
    const std::string_view call = rma_call_name(t, e);
    const bool post = call == "MPI_Win_post";
    if (!post && call != "MPI_Win_complete") continue;
    const std::vector<RankId>* members = group(e);
    if (members == nullptr) continue;
    for (RankId other : *members)
      (post ? posts : completes)[{e.window, e.rank, other}].push_back(rma_call_span(t, e).enter);
  }
  std::map<PairKey, std::size_t> starts_seen, waits_seen;  // (window, me, other): epochs so far
  for (const RmaSyncEvent& e : t.rma.events) {
    if (e.kind != RmaSyncKind::GroupSync) continue;
    const std::string_view call = rma_call_name(t, e);
    const bool start = call == "MPI_Win_start";
    // A successful MPI_Win_test ends an exposure epoch as MPI_Win_wait does, without waiting.
    const bool closes = call == "MPI_Win_wait" || call == "MPI_Win_test";
    const std::vector<RankId>* members = group(e);
    if ((!start && !closes) || members == nullptr) continue;
    double last = -std::numeric_limits<double>::infinity();
    for (RankId other : *members) {
      const std::size_t k = (start ? starts_seen : waits_seen)[{e.window, e.rank, other}]++;
      const auto& partners = start ? posts : completes;
      const auto found = partners.find({e.window, other, e.rank});
      if (found != partners.end() && k < found->second.size()) last = std::max(last, found->second[k]);
    }
    if (start) count(out[kLatePost], wait_until(rma_call_span(t, e), last));
    if (call == "MPI_Win_wait") count(out[kEarlyWait], wait_until(rma_call_span(t, e), last));
  }
}

void find_fence_waits(const TraceModel& t, RmaWaitState& out) {
  std::map<std::pair<OTF2_RmaWinRef, RankId>, std::uint32_t> seen;  // fences per window and member
  std::map<std::pair<OTF2_RmaWinRef, std::uint32_t>, double> last_begin;
  std::vector<std::pair<OTF2_RmaWinRef, std::uint32_t>> instance(t.rma.size());
  for (std::size_t i = 0; i < t.rma.size(); ++i) {
    const RmaSyncEvent& e = t.rma.events[i];
    if (e.kind != RmaSyncKind::Fence) continue;
    instance[i] = {e.window, seen[{e.window, e.rank}]++};
    auto [at, fresh] = last_begin.try_emplace(instance[i], rma_call_span(t, e).enter);
    if (!fresh) at->second = std::max(at->second, rma_call_span(t, e).enter);
  }
  for (std::size_t i = 0; i < t.rma.size(); ++i) {
    const RmaSyncEvent& e = t.rma.events[i];
    if (e.kind == RmaSyncKind::Fence) count(out, wait_until(rma_call_span(t, e), last_begin[instance[i]]));
  }
}

void find_lock_contention(const TraceModel& t, RmaWaitState& out) {
  using TargetKey = std::pair<OTF2_RmaWinRef, std::uint32_t>;  // window, target's window rank
  struct Releases {
    std::vector<double> any, exclusive;
  };
  std::map<TargetKey, Releases> releases;
  for (const RmaSyncEvent& e : t.rma.events) {
    if (e.kind != RmaSyncKind::LockRelease) continue;
    Releases& r = releases[{e.window, e.peer}];
    r.any.push_back(e.time);
    if (e.flag) r.exclusive.push_back(e.time);
  }
  for (auto& [key, r] : releases) {
    std::sort(r.any.begin(), r.any.end());
    std::sort(r.exclusive.begin(), r.exclusive.end());
  }
  std::map<std::tuple<OTF2_RmaWinRef, std::uint32_t, RankId>, double> requested;  // window, target, origin
  for (const RmaSyncEvent& e : t.rma.events) {
    if (e.kind == RmaSyncKind::LockRequest) requested[{e.window, e.peer, e.rank}] = e.time;
    if (e.kind != RmaSyncKind::LockAcquire) continue;
    const auto request = requested.find({e.window, e.peer, e.rank});
    if (request == requested.end()) continue;
    const double asked = request->second;
    requested.erase(request);
    double blocked_until = asked;
    if (const auto r = releases.find({e.window, e.peer}); r != releases.end()) {
      // The latest release up to the grant of a lock this one conflicts with. The origin's own
      // earlier releases come before its request and count for nothing.
      const std::vector<double>& conflicting = e.flag ? r->second.any : r->second.exclusive;
      const auto after = std::upper_bound(conflicting.begin(), conflicting.end(), e.time);
      if (after != conflicting.begin()) blocked_until = *(after - 1);
    }
    count(out, std::clamp(blocked_until - asked, 0.0, e.time - asked));
  }
}

}  // namespace

std::vector<RmaWaitState> find_rma_wait_states(const TraceModel& trace) {
  if (trace.rma.events.empty()) return {};
  std::vector<RmaWaitState> out = {{"late post", "MPI_Win_start"},
                                   {"early wait", "MPI_Win_wait"},
                                   {"wait at fence", "MPI_Win_fence"},
                                   {"lock contention", "MPI_Win_lock"}};
  find_group_waits(trace, out);
  find_fence_waits(trace, out[kWaitAtFence]);
  find_lock_contention(trace, out[kLockContention]);
  return out;
}

}  // namespace xo::analyzer
