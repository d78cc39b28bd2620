#pragma once
// Everything the reference MPI keeps for one rank, by concern: who it is, its handle tables
// (rank_handles.hpp), its matching queues, what it is doing (rank_activity.hpp), what the
// protocols keep for it (rank_traffic.hpp) and what the entry points keep (api_rank.hpp). The
// concerns are base structs, so a function can take only the one it needs.

#include "api_rank.hpp"
#include "matched_messages.hpp"
#include "matching_queues.hpp"
#include "rank_activity.hpp"
#include "rank_handles.hpp"
#include "rank_traffic.hpp"

namespace xo::mpi {

struct RankState : RankHandles, RankActivity, RankTraffic, ApiRank {
  int world_rank = 0;
  bool initialized = false;
  bool finalized = false;

  MatchingQueues queues;
  MatchedMessages matched;
};

}  // namespace xo::mpi
