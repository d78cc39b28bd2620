#pragma once
// Everything the state keeps for one rank, by concern: who it is, its handle tables
// (rank_handles.hpp), its matching queues and what it is doing (rank_activity.hpp). The concerns are
// base structs, so a function can take only the one it needs. What the protocols keep for a rank is
// theirs (protocol/rank_traffic.hpp), and so is what the entry points keep (api_rank.hpp).

#include "xo/mpi/state/matched_messages.hpp"
#include "xo/mpi/state/matching_queues.hpp"
#include "xo/mpi/state/rank_activity.hpp"
#include "xo/mpi/state/rank_handles.hpp"

namespace xo::mpi {

struct RankState : RankHandles, RankActivity {
  int world_rank = 0;
  bool initialized = false;
  bool finalized = false;

  MatchingQueues queues;
  MatchedMessages matched;
};

}  // namespace xo::mpi
