#include "xo/analyzer/analysis/mpi_profile.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

namespace xo::analyzer {

namespace {

// Marks the MPI calls not nested in another MPI call. Rows of a rank are in order of entry, so an
// MPI call is nested exactly when it starts before the rank's current outermost MPI call leaves.
std::vector<bool> outermost_mpi_calls(const TraceModel& m) {
  const CallTable& calls = m.calls;
  std::vector<bool> outermost(calls.size(), false);
  for (std::size_t r = 0; r + 1 < calls.first_of_rank.size(); ++r) {
    double open_until = -std::numeric_limits<double>::infinity();
    for (Index i = calls.first_of_rank[r]; i < calls.first_of_rank[r + 1]; ++i) {
      if (!m.is_mpi_call(i) || calls.enter[i] < open_until) continue;
      outermost[i] = true;
      open_until = calls.leave[i];
    }
  }
  return outermost;
}

// How many messages and collectives each call carries: a byte a call, the few calls that carry 255
// or more (an MPI_Waitall of hundreds) counted on in a map. A count of 4 bytes a call took 100 MB
// at 10^8 events.
class CarriedCounts {
 public:
  explicit CarriedCounts(std::size_t calls) : low_(calls, 0) {}
  void add(Index call) {
    if (low_[call] < kMost) {
      ++low_[call];
    } else {
      ++beyond_[call];
    }
  }
  std::uint32_t operator[](Index call) const { return low_[call] < kMost ? low_[call] : kMost + beyond_.at(call); }

 private:
  static constexpr std::uint8_t kMost = 255;
  std::vector<std::uint8_t> low_;
  std::unordered_map<Index, std::uint32_t> beyond_;
};

template <class Row>
std::vector<Row> largest_first(const std::map<std::string, Row>& rows) {
  std::vector<Row> out;
  for (const auto& [name, row] : rows) out.push_back(row);
  std::stable_sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.seconds > b.seconds; });
  return out;
}

void time_by_protocol(const TraceModel& m, const std::vector<bool>& outermost, MpiProfile& profile) {
  // How many messages and collectives each call carries, to share its time.
  const CollectiveTable& c = m.collectives;
  CarriedCounts carried(m.calls.size());
  for (Index i = 0; i < m.messages.size(); ++i) {
    for (Index call : {m.messages.send_call[i], m.messages.receive_call[i]}) {
      if (call != kNoIndex) carried.add(call);
    }
  }
  for (Index k = 0; k < c.members(); ++k) {
    for (Index call : {c.call[k], c.complete_call[k]}) {
      if (call != kNoIndex) carried.add(call);
    }
  }
  std::map<std::string, ProtocolTime> rows;
  for (Index i = 0; i < m.messages.size(); ++i) {
    const std::string_view label = m.strings.at(m.messages.protocol[i]);
    const std::string name = label.empty() ? "(unknown)" : std::string(label);
    ProtocolTime& row = rows.try_emplace(name, ProtocolTime{name}).first->second;
    ++row.messages;
    row.bytes += m.messages.bytes[i];
    for (Index call : {m.messages.send_call[i], m.messages.receive_call[i]}) {
      if (call != kNoIndex && outermost[call])
        row.seconds += (m.calls.leave[call] - m.calls.enter[call]) / carried[call];
    }
  }
  // A nonblocking collective's row is named by the call that started it (MPI_Ibcast) and takes
  // that call's time and its share of the MPI_Wait* that completed it.
  for (Index k = 0; k < c.members(); ++k) {
    const Index call = c.call[k];
    const Index instance = c.instance[k];
    if (call == kNoIndex || !outermost[call]) continue;
    const std::string_view algorithm = m.strings.at(c.algorithm[instance]);
    const std::string name = m.regions.name[m.calls.region[call]] + ": " +
                             (algorithm.empty() ? std::string("(unknown)") : std::string(algorithm));
    ProtocolTime& row = rows.try_emplace(name, ProtocolTime{name}).first->second;
    ++row.messages;
    row.bytes += c.bytes_sent[k];
    for (Index part : {call, c.complete_call[k]}) {
      if (part != kNoIndex && outermost[part])
        row.seconds += (m.calls.leave[part] - m.calls.enter[part]) / carried[part];
    }
  }
  profile.by_protocol = largest_first(rows);
}

void time_by_call_site(const TraceModel& m, const std::vector<bool>& outermost, MpiProfile& profile) {
  std::map<std::pair<Index, Index>, CallSiteTime> rows;  // by (site, region)
  std::map<std::pair<Index, Index>, RankId> last_rank;   // rows are in rank order: count each rank once
  RankId rank = 0;
  for (Index i = 0; i < m.calls.size(); ++i) {
    while (m.calls.first_of_rank[static_cast<std::size_t>(rank) + 1] <= i) ++rank;
    if (!outermost[i]) continue;
    const Index site = m.calls.site_of(i);
    if (site == kNoIndex) {
      ++profile.calls_without_site;
      continue;
    }
    const std::pair<Index, Index> key{site, m.calls.region[i]};
    auto [it, added] = rows.try_emplace(key);
    CallSiteTime& row = it->second;
    if (added) {
      row = {m.regions.name[key.second], m.call_sites.at(site)};
    }
    const double seconds = m.calls.leave[i] - m.calls.enter[i];
    ++row.count;
    row.seconds += seconds;
    row.longest = std::max(row.longest, seconds);
    auto [seen, first] = last_rank.try_emplace(key, rank);
    if (first || seen->second != rank) ++row.ranks;
    seen->second = rank;
  }
  for (auto& [key, row] : rows) profile.by_call_site.push_back(std::move(row));
  std::stable_sort(profile.by_call_site.begin(), profile.by_call_site.end(),
                   [](const CallSiteTime& a, const CallSiteTime& b) { return a.seconds > b.seconds; });
}

}  // namespace

MpiProfile profile_mpi(const TraceModel& m) {
  MpiProfile profile;
  profile.ranks = m.traced_ranks();  // the others, left out of the trace, have no calls in it
  const std::vector<bool> outermost = outermost_mpi_calls(m);
  std::map<std::string, CallTime> by_call;
  double first = std::numeric_limits<double>::infinity();
  double last = -std::numeric_limits<double>::infinity();
  for (Index i = 0; i < m.calls.size(); ++i) {
    first = std::min(first, m.calls.enter[i]);
    last = std::max(last, m.calls.leave[i]);
    if (!outermost[i]) continue;
    const double seconds = m.calls.leave[i] - m.calls.enter[i];
    const std::string& name = m.regions.name[m.calls.region[i]];
    CallTime& row = by_call.try_emplace(name, CallTime{name}).first->second;
    ++row.count;
    row.seconds += seconds;
    row.longest = std::max(row.longest, seconds);
    profile.mpi_seconds += seconds;
  }
  profile.run_seconds = m.calls.size() == 0 ? 0 : last - first;
  profile.by_call = largest_first(by_call);
  time_by_protocol(m, outermost, profile);
  time_by_call_site(m, outermost, profile);
  return profile;
}

}  // namespace xo::analyzer
