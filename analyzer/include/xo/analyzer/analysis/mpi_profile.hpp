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
  std::string protocol;        // "short", "long-pull"; a collective's "MPI_Allreduce: recursive_doubling",
                               // a nonblocking one's "MPI_Iallreduce: recursive_doubling";
                               // "(unknown)" for messages without a protocol label (foreign traces)
  std::uint64_t messages = 0;  // point-to-point messages, or collective instances per member
  std::uint64_t bytes = 0;     // bytes sent
  double seconds = 0;
};

// One MPI call made at one place of the program, over all ranks (mpiP's call sites). Only traces
// that name call sites have rows: Crossover's, of programs built with debug information (-g).
struct CallSiteTime {
  std::string call;  // region name
  CallSite site;
  std::uint64_t count = 0;
  int ranks = 0;       // ranks that called it there
  double seconds = 0;  // summed over ranks
  double longest = 0;  // one call
};

struct MpiProfile {
  double run_seconds = 0;  // from the first to the last event of any rank
  int ranks = 0;
  double mpi_seconds = 0;                  // outermost MPI calls, summed over ranks
  std::vector<CallTime> by_call;           // largest first
  std::vector<ProtocolTime> by_protocol;   // largest first
  std::vector<CallSiteTime> by_call_site;  // largest first
  std::uint64_t calls_without_site = 0;    // outermost MPI calls the trace names no site for
};

MpiProfile profile_mpi(const TraceModel& model);

}  // namespace xo::analyzer
