#include "model/rma_epochs.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

#include "xo/analyzer/rma_sync_call.hpp"

namespace xo::gui {

using analyzer::RankId;
using analyzer::RmaSyncEvent;
using analyzer::RmaSyncKind;

RmaEpochs build_rma_epochs(const analyzer::TraceModel& m) {
  RmaEpochs out;
  if (m.rma.events.empty()) return out;
  const auto ranks = static_cast<std::size_t>(m.ranks());
  std::vector<std::vector<EpochMark>> by_rank(ranks);
  // What is open: by (rank, window, kind, lock target), the begin of the call that opened it.
  std::map<std::tuple<RankId, OTF2_RmaWinRef, EpochKind, std::uint32_t>, double> open;
  // Ends the rank's open epoch of that kind (and target) at `end`; a close without an open (a trace
  // cut at its start) draws nothing.
  const auto close = [&](const RmaSyncEvent& e, EpochKind kind, std::uint32_t target, double end) {
    const auto it = open.find({e.rank, e.window, kind, target});
    if (it == open.end()) return;
    const auto rank = static_cast<std::size_t>(e.rank);
    if (rank < ranks) by_rank[rank].push_back({it->second, end, kind});
    open.erase(it);
  };
  for (const RmaSyncEvent& e : m.rma.events) {
    const analyzer::RmaCallSpan s = analyzer::rma_call_span(m, e);
    switch (e.kind) {
      case RmaSyncKind::Fence:  // a fence after operations ends the epoch the fence before opened
        if (e.flag) close(e, EpochKind::Fence, 0, s.leave);
        open[{e.rank, e.window, EpochKind::Fence, 0}] = s.enter;
        break;
      case RmaSyncKind::GroupSync: {
        const std::string_view call = analyzer::rma_call_name(m, e);
        if (call == "MPI_Win_start") open[{e.rank, e.window, EpochKind::Access, 0}] = s.enter;
        if (call == "MPI_Win_post") open[{e.rank, e.window, EpochKind::Exposure, 0}] = s.enter;
        if (call == "MPI_Win_complete") close(e, EpochKind::Access, 0, s.leave);
        if (call == "MPI_Win_wait" || call == "MPI_Win_test") close(e, EpochKind::Exposure, 0, s.leave);
        break;
      }
      case RmaSyncKind::LockRequest: open[{e.rank, e.window, EpochKind::Lock, e.peer}] = s.enter; break;
      case RmaSyncKind::LockRelease: close(e, EpochKind::Lock, e.peer, s.leave); break;
      case RmaSyncKind::LockAcquire: break;
    }
  }
  out.first_of_rank.reserve(ranks + 1);
  out.longest_of_rank.assign(ranks, 0);
  for (std::size_t r = 0; r < ranks; ++r) {
    out.first_of_rank.push_back(static_cast<std::uint32_t>(out.marks.size()));
    std::vector<EpochMark>& marks = by_rank[r];
    std::stable_sort(marks.begin(), marks.end(),
                     [](const EpochMark& a, const EpochMark& b) { return a.begin < b.begin; });
    for (const EpochMark& mark : marks)
      out.longest_of_rank[r] = std::max(out.longest_of_rank[r], mark.end - mark.begin);
    out.marks.insert(out.marks.end(), marks.begin(), marks.end());
  }
  out.first_of_rank.push_back(static_cast<std::uint32_t>(out.marks.size()));
  if (out.marks.empty()) out = RmaEpochs{};
  return out;
}

std::pair<const EpochMark*, const EpochMark*> RmaEpochs::of_rank(RankId rank, double from) const {
  if (empty() || rank < 0 || static_cast<std::size_t>(rank) + 1 >= first_of_rank.size()) return {nullptr, nullptr};
  const EpochMark* begin = marks.data() + first_of_rank[static_cast<std::size_t>(rank)];
  const EpochMark* end = marks.data() + first_of_rank[static_cast<std::size_t>(rank) + 1];
  // Epochs beginning before from - longest cannot reach from.
  const double earliest = from - longest_of_rank[static_cast<std::size_t>(rank)];
  return {std::partition_point(begin, end, [&](const EpochMark& m) { return m.begin < earliest; }), end};
}

const char* epoch_kind_name(EpochKind kind) {
  switch (kind) {
    case EpochKind::Fence: return "fence epoch";
    case EpochKind::Access: return "access epoch (start to complete)";
    case EpochKind::Exposure: return "exposure epoch (post to wait)";
    case EpochKind::Lock: return "lock epoch (lock to unlock)";
  }
  return "epoch";
}

QColor epoch_colour(EpochKind kind) {
  switch (kind) {
    case EpochKind::Fence: return {0, 121, 107};      // teal
    case EpochKind::Access: return {230, 81, 0};      // deep orange
    case EpochKind::Exposure: return {106, 27, 154};  // purple
    case EpochKind::Lock: return {183, 28, 28};       // red
  }
  return Qt::black;
}

}  // namespace xo::gui
