#include "protocol_labeler.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

namespace xo::analyzer {

namespace {

// The phases one sender's interface ran for one peer and one message size.
struct Channel {
  RankId rank;
  RankId peer;
  std::uint64_t bytes;

  bool operator==(const Channel&) const = default;
};

struct ChannelHash {
  std::size_t operator()(const Channel& c) const {
    std::uint64_t h =
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.rank)) << 32) ^ static_cast<std::uint32_t>(c.peer);
    h ^= c.bytes + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return static_cast<std::size_t>(h * 0xff51afd7ed558ccdull);
  }
};

using Starts = std::vector<std::pair<double, Index>>;  // (start, phase), sorted

}  // namespace

// Grouping by channel first keeps the sorts small (a sender's phases for one peer and size), where
// one sort of every phase cost more than reading the trace.
void label_protocols(TraceModel& model) {
  const PhaseTable& phases = model.phases;
  std::unordered_map<Channel, Starts, ChannelHash> channels;
  for (Index p = 0; p < phases.size(); ++p) {
    if (phases.protocol[p] != kNoString && phases.peer[p] != kNoRank && phases.bytes[p] != PhaseTable::kNoBytes) {
      channels[{phases.rank[p], phases.peer[p], phases.bytes[p]}].emplace_back(phases.start[p], p);
    }
  }
  if (channels.empty()) return;
  // A lane's phases come in start order, so a channel is sorted already unless lanes interleave.
  for (auto& [channel, starts] : channels) {
    if (!std::is_sorted(starts.begin(), starts.end())) std::sort(starts.begin(), starts.end());
  }

  MessageTable& m = model.messages;
  const CallTable& calls = model.calls;
  for (std::size_t i = 0; i < m.size(); ++i) {
    auto channel = channels.find({m.sender[i], m.receiver[i], m.bytes[i]});
    if (channel == channels.end()) continue;
    const Starts& starts = channel->second;
    const double from = m.send_call[i] == kNoIndex ? m.send_time[i] : calls.enter[m.send_call[i]];
    const double until = m.receive_call[i] == kNoIndex ? m.receive_time[i] : calls.leave[m.receive_call[i]];
    auto it = std::lower_bound(starts.begin(), starts.end(), std::pair<double, Index>(from, 0));
    if (it != starts.end() && it->first < until) m.protocol[i] = phases.protocol[it->second];
  }
}

}  // namespace xo::analyzer
