#include "xo/analyzer/analysis/compute_imbalance.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace xo::analyzer {

namespace {

// How far back a delay is followed from rank to rank; chains longer than this end at the rank
// reached, which is then blamed.
constexpr int kLongestChain = 16;

// The outermost MPI call before `call` on its rank, or kNoIndex.
Index previous_outermost(const TraceModel& m, Index call) {
  const CallTable& calls = m.calls;
  const RankId rank = m.call_rank(call);
  for (Index i = call; i > calls.first_of_rank[static_cast<std::size_t>(rank)];) {
    --i;
    if (calls.depth_of(i) == 0 && m.is_mpi_call(i)) return i;
  }
  return kNoIndex;
}

// Computation since the previous MPI call ended, or 0 at the rank's first call.
double compute_before(const TraceModel& m, Index call) {
  const CallTable& calls = m.calls;
  const Index previous = previous_outermost(m, call);
  return previous == kNoIndex ? 0 : std::max(0.0, calls.enter[call] - calls.leave[previous]);
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

bool at_collective(WaitKind kind) {
  return kind == WaitKind::WaitAtBarrier || kind == WaitKind::WaitAtNxN || kind == WaitKind::LateBroadcast;
}

// The call of `rank` that another rank waited for in wait `w`: the late sender's send, the late
// receiver's receive, the last member's collective call; kNoIndex if unknown.
Index call_waited_for(const TraceModel& m, const WaitStateTable& waits, std::size_t w) {
  const Index source = waits.source[w];
  if (source == kNoIndex) return kNoIndex;
  switch (waits.kind[w]) {
    case WaitKind::LateSender: return m.messages.send_call[source];
    case WaitKind::LateReceiver: return m.messages.receive_call[source];
    default: {
      const CollectiveTable& c = m.collectives;
      for (Index k = c.first_member[source]; k < c.first_member[source] + c.member_count[source]; ++k) {
        if (c.rank[k] == waits.waited_for[w]) return c.call[k];
      }
      return kNoIndex;
    }
  }
}

void add_rank_times(const TraceModel& m, ComputeImbalance& out) {
  const CallTable& calls = m.calls;
  out.ranks.resize(static_cast<std::size_t>(m.ranks()));
  for (std::size_t r = 0; r < out.ranks.size(); ++r) {
    RankBalance& b = out.ranks[r];
    b.rank = static_cast<RankId>(r);
    double previous_leave = -1;
    for (Index i = calls.first_of_rank[r]; i < calls.first_of_rank[r + 1]; ++i) {
      if (calls.depth_of(i) != 0 || !m.is_mpi_call(i)) continue;
      b.mpi_seconds += calls.leave[i] - calls.enter[i];
      if (previous_leave >= 0) b.compute_seconds += std::max(0.0, calls.enter[i] - previous_leave);
      previous_leave = calls.leave[i];
    }
  }
  double sum = 0;
  std::size_t traced = 0;
  for (const RankBalance& b : out.ranks) {
    if (!m.rank_traced(b.rank)) continue;  // left out of the trace: no calls to time
    ++traced;
    sum += b.compute_seconds;
    if (b.compute_seconds > out.max_compute_seconds) {
      out.max_compute_seconds = b.compute_seconds;
      out.most_compute_rank = b.rank;
    }
  }
  if (traced > 0) out.mean_compute_seconds = sum / static_cast<double>(traced);
}

// The waiting done inside each call: its total and its longest wait, which a delay is passed
// along.
struct CallWaits {
  double seconds = 0;
  std::size_t longest = 0;  // row of the wait table
};

class DelayChains {
 public:
  DelayChains(const TraceModel& m, const WaitStateTable& waits, ComputeImbalance& out)
      : m_(m), waits_(waits), out_(out) {
    for (std::size_t w = 0; w < waits.size(); ++w) {
      if (waits.call[w] == kNoIndex) continue;
      CallWaits& c = in_call_[waits.call[w]];
      if (c.seconds == 0 || waits.seconds[w] > waits.seconds[c.longest]) c.longest = w;
      c.seconds += waits.seconds[w];
    }
  }

  // Blames the waiting of wait `w` on the computation at the end of its chain.
  void blame(std::size_t w) {
    double amount = waits_.seconds[w];
    std::size_t at = w;
    for (int depth = 0; depth < kLongestChain && amount > 0; ++depth) {
      const RankId late = waits_.waited_for[at];
      const Index late_call = call_waited_for(m_, waits_, at);
      const Index previous = late_call == kNoIndex ? kNoIndex : previous_outermost(m_, late_call);
      const auto waited = previous == kNoIndex ? in_call_.end() : in_call_.find(previous);
      // The late rank was late by the waiting it caused here. The part its own waiting just before
      // explains is passed on; the part its computation since then explains is its own; the rest
      // was communication (its previous call moving data), which no rank's computation caused.
      const double lateness = waits_.seconds[at];
      if (!(lateness > 0)) return;
      const double waited_share = waited == in_call_.end() ? 0 : std::min(1.0, waited->second.seconds / lateness);
      const double compute_share =
          late_call == kNoIndex ? 0 : std::min(1.0 - waited_share, compute_before(m_, late_call) / lateness);
      rank(late).root_seconds += amount * compute_share;
      const double passed = amount * waited_share;
      if (!(passed > 0)) return;
      amount = passed;
      at = waited->second.longest;
    }
  }

  // The late rank's waiting in the call before `call`: how long, and for whom (-1 if none).
  std::pair<double, RankId> waited_before(Index call) const {
    const Index previous = previous_outermost(m_, call);
    const auto waited = previous == kNoIndex ? in_call_.end() : in_call_.find(previous);
    if (waited == in_call_.end()) return {0, -1};
    return {waited->second.seconds, waits_.waited_for[waited->second.longest]};
  }

 private:
  RankBalance& rank(RankId r) { return out_.ranks[static_cast<std::size_t>(r)]; }

  const TraceModel& m_;
  const WaitStateTable& waits_;
  ComputeImbalance& out_;
  std::unordered_map<Index, CallWaits> in_call_;
};

struct LateKey {
  std::string call;
  RankId rank;
  bool operator<(const LateKey& o) const { return call != o.call ? call < o.call : rank < o.rank; }
};

struct LateTally {
  std::uint64_t last_at = 0;
  double caused = 0;
  double extra = 0;
  double waited = 0;
  std::map<std::pair<std::string, Index>, std::uint64_t> after;  // previous call: name, site
  std::map<Index, std::uint64_t> sites;                          // of the late call
  std::map<RankId, std::uint64_t> waited_for;
};

template <class Key>
Key most_frequent(const std::map<Key, std::uint64_t>& counts, Key none) {
  std::uint64_t most = 0;
  for (const auto& [key, count] : counts) {
    if (count > most) most = count, none = key;
  }
  return none;
}

}  // namespace

const RankBalance* ComputeImbalance::root_cause() const {
  const auto most = std::max_element(ranks.begin(), ranks.end(), [](const RankBalance& a, const RankBalance& b) {
    return a.root_seconds < b.root_seconds;
  });
  return most == ranks.end() || !(most->root_seconds > 0) ? nullptr : &*most;
}

ComputeImbalance find_compute_imbalance(const TraceModel& m, const WaitStateTable& waits) {
  ComputeImbalance out;
  add_rank_times(m, out);
  DelayChains chains(m, waits, out);
  const CallTable& calls = m.calls;
  const CollectiveTable& c = m.collectives;
  // The collective instances with waits: the members' waiting, summed, and their last member.
  std::map<Index, std::pair<double, RankId>> waited_at;
  for (std::size_t w = 0; w < waits.size(); ++w) {
    out.wait_seconds += waits.seconds[w];
    const auto waiter = static_cast<std::size_t>(waits.rank[w]);
    const auto waited_for = static_cast<std::size_t>(waits.waited_for[w]);
    if (waiter >= out.ranks.size() || waited_for >= out.ranks.size()) continue;
    out.ranks[waiter].waited_seconds += waits.seconds[w];
    out.ranks[waited_for].caused_seconds += waits.seconds[w];
    chains.blame(w);
    if (at_collective(waits.kind[w]) && waits.source[w] != kNoIndex) {
      auto& instance = waited_at[waits.source[w]];
      instance.first += waits.seconds[w];
      instance.second = waits.waited_for[w];
    }
  }
  std::map<LateKey, LateTally> tallies;
  std::map<std::string, std::uint64_t> instances_of;
  for (const auto& [instance, wait] : waited_at) {
    const Index first = c.first_member[instance];
    const Index end = first + c.member_count[instance];
    std::vector<double> computes;
    Index late_call = kNoIndex;
    for (Index k = first; k < end; ++k) {
      if (c.call[k] == kNoIndex) continue;
      computes.push_back(compute_before(m, c.call[k]));
      if (c.rank[k] == wait.second) late_call = c.call[k];
    }
    if (late_call == kNoIndex) continue;
    const std::string& call = m.regions.name[calls.region[late_call]];
    ++instances_of[call];
    LateTally& t = tallies[{call, wait.second}];
    ++t.last_at;
    t.caused += wait.first;
    t.extra += compute_before(m, late_call) - median(computes);
    const auto [waited, waited_for] = chains.waited_before(late_call);
    t.waited += waited;
    if (waited_for >= 0) ++t.waited_for[waited_for];
    const Index previous = previous_outermost(m, late_call);
    if (previous != kNoIndex) ++t.after[{m.regions.name[calls.region[previous]], calls.site_of(previous)}];
    ++t.sites[calls.site_of(late_call)];
  }
  auto site = [&](Index row) { return row == kNoIndex ? std::nullopt : std::optional<CallSite>(m.call_sites.at(row)); };
  for (const auto& [key, t] : tallies) {
    const auto n = static_cast<double>(t.last_at);
    const auto [after_call, after_site] = most_frequent(t.after, std::pair<std::string, Index>{"", kNoIndex});
    out.late.push_back({key.call, key.rank, t.last_at, instances_of[key.call], t.caused, t.extra / n, after_call,
                        site(most_frequent(t.sites, kNoIndex)), site(after_site), t.waited / n,
                        most_frequent(t.waited_for, RankId{-1})});
  }
  std::sort(out.late.begin(), out.late.end(),
            [](const LateArrival& a, const LateArrival& b) { return a.caused_seconds > b.caused_seconds; });
  std::erase_if(out.ranks, [&](const RankBalance& b) { return !m.rank_traced(b.rank); });
  return out;
}

}  // namespace xo::analyzer
