#include "protocol_labeler.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

namespace xo::analyzer {

namespace {

struct PhaseKey {
  RankId rank;
  RankId peer;
  std::uint64_t bytes;
  double start;
  Index phase;

  auto tied() const { return std::tie(rank, peer, bytes, start); }
};

}  // namespace

void label_protocols(TraceModel& model) {
  const PhaseTable& phases = model.phases;
  std::vector<PhaseKey> keys;
  for (Index p = 0; p < phases.size(); ++p) {
    if (phases.protocol[p] != kNoString && phases.peer[p] != kNoRank && phases.bytes[p] != PhaseTable::kNoBytes) {
      keys.push_back({phases.rank[p], phases.peer[p], phases.bytes[p], phases.start[p], p});
    }
  }
  if (keys.empty()) return;
  std::sort(keys.begin(), keys.end(), [](const PhaseKey& a, const PhaseKey& b) { return a.tied() < b.tied(); });

  MessageTable& m = model.messages;
  const CallTable& calls = model.calls;
  for (std::size_t i = 0; i < m.size(); ++i) {
    const double from = m.send_call[i] == kNoIndex ? m.send_time[i] : calls.enter[m.send_call[i]];
    const double until = m.receive_call[i] == kNoIndex ? m.receive_time[i] : calls.leave[m.receive_call[i]];
    const PhaseKey wanted{m.sender[i], m.receiver[i], m.bytes[i], from, kNoIndex};
    auto it = std::lower_bound(keys.begin(), keys.end(), wanted,
                               [](const PhaseKey& a, const PhaseKey& b) { return a.tied() < b.tied(); });
    if (it != keys.end() && it->rank == wanted.rank && it->peer == wanted.peer && it->bytes == wanted.bytes &&
        it->start < until) {
      m.protocol[i] = phases.protocol[it->phase];
    }
  }
}

}  // namespace xo::analyzer
