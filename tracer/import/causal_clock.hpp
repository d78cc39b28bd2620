#pragma once
// Every record of every rank on rank 0's clock (rank_log_file.hpp), then moved forward where a
// message would arrive before it was sent: ranks on other hosts are only as well synchronised as
// the ping-pong allowed. A receive found earlier than its send (plus a nanosecond) moves to just
// after it, and everything after it on its rank moves as far (a controlled logical clock without
// backward amortisation, after Becker et al.'s CLC as Scalasca applies it). Messages are paired
// as MPI orders them: per communicator, sender, receiver and tag, first sent with first received.

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "rank_log_file.hpp"

namespace xo::tracer {

struct CausalTimes {
  std::map<int, std::vector<std::int64_t>> ns;  // by rank: each record's time on rank 0's clock
  std::int64_t clock_error_ns = 0;              // the largest error bound of the ranks' offsets
  std::uint64_t moved = 0;                      // receives moved after their sends
  std::int64_t largest_move_ns = 0;
};

// `world_rank(rank, comm, peer)`: the world rank of communicator rank `peer` of the rank's
// communicator id `comm`, or -1; `global_comm(rank, comm)`: that communicator's id in the job.
CausalTimes causal_times(const std::map<int, PmpiRankLog>& logs, const std::function<int(int, int, int)>& world_rank,
                         const std::function<int(int, int)>& global_comm);

}  // namespace xo::tracer
