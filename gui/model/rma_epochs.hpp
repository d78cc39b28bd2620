#pragma once
// One-sided epochs as the timeline draws them: on each rank, the spans in which it had an epoch
// open on some window, from the begin of the call that opened it to the end of the call that
// closed it. The trace's RMA synchronisation records (analyzer's RmaSyncTable) say which calls
// those were: MPI_Win_fence to the next fence on the window, when the rank issued operations on it
// in between (a fence access epoch, as MPI-3.1 section 11.5.1 defines it), MPI_Win_start to
// MPI_Win_complete (access), MPI_Win_post to MPI_Win_wait or a successful MPI_Win_test (exposure),
// MPI_Win_lock to MPI_Win_unlock (a lock on one target). Locks taken with MPI_MODE_NOCHECK and
// MPI_Win_lock_all leave no records, so no epoch.

#include <QColor>
#include <cstdint>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::gui {

enum class EpochKind : std::uint8_t { Fence, Access, Exposure, Lock };
inline constexpr int kEpochKinds = 4;

struct EpochMark {
  double begin = 0;
  double end = 0;
  EpochKind kind = EpochKind::Fence;
};

struct RmaEpochs {
  std::vector<EpochMark> marks;              // by rank, each rank's by begin
  std::vector<std::uint32_t> first_of_rank;  // ranks + 1 entries; empty when there are no epochs
  std::vector<double> longest_of_rank;       // so that a frame can find the first epoch it shows

  bool empty() const { return marks.empty(); }
  // The rank's epochs from the first that may end at `from` or later to its last (they are by begin:
  // a caller stops at the first beginning after what it shows).
  std::pair<const EpochMark*, const EpochMark*> of_rank(analyzer::RankId rank, double from) const;
};

RmaEpochs build_rma_epochs(const analyzer::TraceModel& model);

const char* epoch_kind_name(EpochKind kind);  // "fence epoch", "access epoch" ...
QColor epoch_colour(EpochKind kind);

}  // namespace xo::gui
