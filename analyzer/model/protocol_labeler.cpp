#include "protocol_labeler.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "xo/analyzer/gallop.hpp"

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

using Start = std::pair<double, Index>;  // (start, phase)

// A channel's phases in start order, and where the last search ended: the message table lists a
// pair's messages in time order, so each search starts where the one before it ended.
struct Starts {
  std::vector<Start> sorted;
  std::size_t cursor = 0;

  // The first phase starting at or after `from`, galloping from where the last search ended.
  std::vector<Start>::const_iterator first_from(double from) {
    const Start key(from, 0);
    const auto begin = sorted.begin();
    const std::size_t n = sorted.size();
    if (cursor < n && sorted[cursor] < key) {
      cursor = gallop(cursor + 1, n, [&](std::size_t i) { return sorted[i] < key; });
    } else if (cursor > 0 && !(sorted[cursor - 1] < key)) {
      cursor =
          static_cast<std::size_t>(std::lower_bound(begin, begin + static_cast<std::ptrdiff_t>(cursor), key) - begin);
    }
    return begin + static_cast<std::ptrdiff_t>(cursor);
  }
};

}  // namespace

// Grouping by channel first keeps the sorts small (a sender's phases for one peer and size), where
// one sort of every phase cost more than reading the trace.
void label_protocols(TraceModel& model) {
  const PhaseTable& phases = model.phases;
  std::unordered_map<Channel, Starts, ChannelHash> channels;
  for (Index p = 0; p < phases.size(); ++p) {
    if (phases.protocol[p] != kNoString && phases.peer[p] != kNoRank && phases.bytes[p] != PhaseTable::kNoBytes) {
      channels[{model.phase_rank(p), phases.peer[p], phases.bytes[p]}].sorted.emplace_back(phases.start[p], p);
    }
  }
  if (channels.empty()) return;
  // A lane's phases come in start order, so a channel is sorted already unless lanes interleave.
  for (auto& [channel, starts] : channels) {
    if (!std::is_sorted(starts.sorted.begin(), starts.sorted.end()))
      std::sort(starts.sorted.begin(), starts.sorted.end());
  }

  MessageTable& m = model.messages;
  const CallTable& calls = model.calls;
  Starts* starts = nullptr;  // of the last message's channel, which the next one often shares
  Channel last{kNoRank, kNoRank, 0};
  for (std::size_t i = 0; i < m.size(); ++i) {
    const Channel channel{m.sender[i], m.receiver[i], m.bytes[i]};
    if (starts == nullptr || !(channel == last)) {
      const auto found = channels.find(channel);
      starts = found == channels.end() ? nullptr : &found->second;
      last = channel;
    }
    if (starts == nullptr) continue;
    const double from = m.send_call[i] == kNoIndex ? m.send_time[i] : calls.enter[m.send_call[i]];
    const double until = m.receive_call[i] == kNoIndex ? model.receive_time(i) : calls.leave[m.receive_call[i]];
    const auto it = starts->first_from(from);
    if (it != starts->sorted.end() && it->first < until) m.protocol.set(i, phases.protocol[it->second]);
  }
}

}  // namespace xo::analyzer
