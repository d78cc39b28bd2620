#include "causal_clock.hpp"

#include <algorithm>
#include <deque>
#include <tuple>

namespace xo::tracer {

namespace {

using MessageKey = std::tuple<int, int, int, int>;  // communicator, sender, receiver, tag (world ranks)

constexpr std::int64_t kLeastLatencyNs = 1;

bool is_send(const xo_pmpi_record& r) { return r.kind == XO_PMPI_SEND || r.kind == XO_PMPI_ISEND; }
bool is_receive(const xo_pmpi_record& r) { return r.kind == XO_PMPI_RECV || r.kind == XO_PMPI_IRECV; }

}  // namespace

CausalTimes causal_times(const std::map<int, PmpiRankLog>& logs, const std::function<int(int, int, int)>& world_rank,
                         const std::function<int(int, int)>& global_comm) {
  CausalTimes out;
  // Each rank's records on rank 0's clock, and the pairing of sends with receives.
  std::map<MessageKey, std::deque<std::pair<int, std::size_t>>> sent;
  for (const auto& [rank, log] : logs) {
    const RankClock clock(log);
    out.clock_error_ns = std::max(out.clock_error_ns, clock.error_ns());
    auto& times = out.ns[rank];
    for (const xo_pmpi_record& r : log.records) times.push_back(clock.on_rank_zero(r.time_ns));
    for (std::size_t i = 0; i < log.records.size(); ++i) {
      const xo_pmpi_record& r = log.records[i];
      if (!is_send(r)) continue;
      const int to = world_rank(rank, r.b, r.a);
      if (to >= 0) sent[{global_comm(rank, r.b), rank, to, r.c}].push_back({rank, i});
    }
  }
  std::map<int, std::vector<std::pair<int, std::size_t>>> matched;  // by rank, per record: the send, or (-1, 0)
  for (const auto& [rank, log] : logs) {
    auto& pairs = matched[rank];
    pairs.assign(log.records.size(), {-1, 0});
    for (std::size_t i = 0; i < log.records.size(); ++i) {
      const xo_pmpi_record& r = log.records[i];
      if (!is_receive(r)) continue;
      const int from = world_rank(rank, r.b, r.a);
      auto it = sent.find({global_comm(rank, r.b), from, rank, r.c});
      if (from < 0 || it == sent.end() || it->second.empty()) continue;
      pairs[i] = it->second.front();
      it->second.pop_front();
    }
  }
  // Forward, rank by rank as far as each can go: a receive waits until its send has its final time.
  std::map<int, std::size_t> next;
  std::map<int, std::int64_t> shift;
  for (const auto& [rank, log] : logs) next[rank] = 0, shift[rank] = 0;
  for (bool progress = true, done = false; progress && !done;) {
    progress = false;
    done = true;
    for (const auto& [rank, log] : logs) {
      auto& times = out.ns[rank];
      std::size_t& i = next[rank];
      for (; i < log.records.size(); ++i) {
        const auto [from, index] = matched[rank][i];
        if (from >= 0 && next[from] <= index && from != rank) break;  // its send is not final yet
        times[i] += shift[rank];
        if (from >= 0) {
          const std::int64_t earliest = out.ns[from][index] + kLeastLatencyNs;
          if (times[i] < earliest) {
            const std::int64_t move = earliest - times[i];
            shift[rank] += move;
            times[i] = earliest;
            ++out.moved;
            out.largest_move_ns = std::max(out.largest_move_ns, move);
          }
        }
        progress = true;
      }
      done = done && i == log.records.size();
    }
  }
  // A pairing that waited on itself (a log that is not MPI-ordered): the rest is shifted as it is.
  for (const auto& [rank, log] : logs) {
    for (std::size_t i = next[rank]; i < log.records.size(); ++i) out.ns[rank][i] += shift[rank];
  }
  return out;
}

}  // namespace xo::tracer
