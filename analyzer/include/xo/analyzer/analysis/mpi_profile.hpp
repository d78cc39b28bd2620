#pragma once
// Where a run's time in MPI went: by call (MPI_Send, MPI_Allreduce, ...) and by the protocol or
// collective algorithm that served it. Only outermost MPI calls count, so an MPI call that a tool
// or library makes inside another is not counted twice.

#include <cstdint>
#include <string>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct CallTime {
  std::string call;  // region name
  std::uint64_t count = 0;
  double seconds = 0;  // summed over ranks
  double longest = 0;  // one call
};

// Time of the calls that carried messages of one protocol, or collectives of one algorithm. A call
// that carries several messages or collectives (MPI_Sendrecv, MPI_Waitall) shares its time among
// them equally. A nonblocking collective has two calls: the one that started it and the one that
// completed it (MPI_Ibcast and its MPI_Wait).
struct ProtocolTime {
  std::string protocol;  // "short", "long-pull"; a collective's "MPI_Allreduce: recursive_doubling",
                         // a nonblocking one's "MPI_Iallreduce: recursive_doubling";
                         // "(unknown)" for messages without a protocol label (foreign traces)
  std::uint64_t messages = 0;  // point-to-point messages, or collective instances per member
  std::uint64_t bytes = 0;     // bytes sent
  double seconds = 0;
};

struct MpiProfile {
  double run_seconds = 0;  // from the first to the last event of any rank
  int ranks = 0;
  double mpi_seconds = 0;  // outermost MPI calls, summed over ranks
  std::vector<CallTime> by_call;          // largest first
  std::vector<ProtocolTime> by_protocol;  // largest first
};

MpiProfile profile_mpi(const TraceModel& model);

}  // namespace xo::analyzer
