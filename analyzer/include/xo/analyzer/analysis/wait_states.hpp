#pragma once
// Wait states as Scalasca defines them (Geimer et al., "The Scalasca performance toolset
// architecture", CCPE 2010; the Scalasca pattern documentation): time a rank spends inside an MPI
// call waiting for another rank, each attributed to the protocol (point-to-point) or algorithm
// (collective) of the communication it waited in, and to the rank it waited for.
//
//   late sender     a blocking receive (MPI_Recv, or the MPI_Wait* completing an MPI_Irecv) entered
//                   before the matching send began: from the receive's enter to the send's enter
//   late receiver   a blocking send entered before the matching receive was posted and left only
//                   after it (a rendezvous or synchronous send waits for the receiver): from the
//                   send's enter to the receive being posted. Not for a standard-mode send of a
//                   protocol the trace shows releasing its sender before the receive is posted
//                   (an eager one: some send of it had its buffer free before its receive was
//                   posted): such a send was slow for other reasons, not waiting. Unlabelled
//                   messages (foreign traces) are judged as Scalasca does.
//   wait at barrier an MPI_Barrier member entered before the last member: until the last enters
//   wait at N x N   the same for the all-to-all collectives (Allreduce, Allgather(v), Alltoall(v/w),
//                   Reduce_scatter(_block))
//   late broadcast  a non-root member of MPI_Bcast or MPI_Scatter(v) entered before the root:
//                   until the root enters
// A wait never extends past the waiting call's leave. Nonblocking sends completed in MPI_Wait are
// not examined for late receivers: the model keeps the completion time but not the Wait call.
// Nonblocking collectives (MPI_Ibarrier, MPI_Ibcast ...) are not examined: their members leave the
// starting call at once and wait, if at all, in an MPI_Wait* after overlap of their own (and that
// call may retire other requests too); the patterns above, timed from the call's entry, do not
// describe that.

#include <cstdint>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

enum class WaitKind : std::uint8_t { LateSender, LateReceiver, WaitAtBarrier, WaitAtNxN, LateBroadcast };
inline constexpr int kWaitKinds = 5;

const char* wait_kind_name(WaitKind kind);  // "late sender", ...

struct WaitStateTable {
  std::vector<WaitKind> kind;
  std::vector<RankId> rank;  // the rank that waited
  std::vector<Index> call;   // the call it waited in (row of CallTable), kNoIndex if unknown
  std::vector<double> seconds;
  std::vector<RankId> waited_for;  // the sender, the receiver, the last member to enter, the root
  std::vector<StringId> protocol;  // the message's protocol or the collective's algorithm, or kNoString
  std::vector<Index> source;       // row of MessageTable (late sender/receiver) or collective instance

  std::size_t size() const { return kind.size(); }
};

WaitStateTable find_wait_states(const TraceModel& model);

// Total waiting per kind and protocol, largest first.
struct WaitTotal {
  WaitKind kind;
  StringId protocol;
  std::uint64_t count = 0;
  double seconds = 0;
};
std::vector<WaitTotal> total_wait_states(const WaitStateTable& waits);

}  // namespace xo::analyzer
