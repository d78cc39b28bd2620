#pragma once
// Collective operations: for each communicator, the k-th collective every member started is
// instance k, blocking (an MpiCollectiveBegin/End pair) or nonblocking (a NonBlockingCollectiveRequest
// in MPI_Ibcast ... and its NonBlockingCollectiveComplete in the MPI_Wait* or MPI_Test* that retired
// it). Members of instance i are rows first_member[i] .. first_member[i] + member_count[i] of the
// member columns, in rank order. Communicator creation and destruction (CREATE_HANDLE /
// DESTROY_HANDLE pairs) are not instances. Times are seconds since the trace's global offset.
//
// A nonblocking member's span, request to completion, holds whatever the program did meanwhile:
// it is not the algorithm's time.

#include <otf2/otf2.h>

#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

struct CollectiveTable {
  // Instances.
  std::vector<OTF2_CollectiveOp> operation;
  std::vector<Index> communicator;        // row of CommunicatorTable
  std::vector<RankId> root;               // world rank; kNoRank for unrooted operations
  std::vector<StringId> algorithm;        // the "algorithm" attribute of the members' ends, kNoString if none
  std::vector<std::uint8_t> nonblocking;  // MPI_Ibcast ... rather than MPI_Bcast ...
  std::vector<Index> first_member;
  std::vector<std::uint32_t> member_count;

  // Members.
  std::vector<Index> instance;
  std::vector<RankId> rank;
  std::vector<double> begin;         // MpiCollectiveBegin, or NonBlockingCollectiveRequest
  std::vector<double> end;           // MpiCollectiveEnd, or NonBlockingCollectiveComplete
  std::vector<Index> call;           // the call around the begin (MPI_Allreduce, MPI_Iallreduce ...), row of
                                     // CallTable, or kNoIndex
  std::vector<Index> complete_call;  // nonblocking: the call around the completion (MPI_Wait ...);
                                     // kNoIndex for blocking members, whose call holds both
  std::vector<std::uint64_t> bytes_sent;
  std::vector<std::uint64_t> bytes_received;

  std::size_t size() const { return operation.size(); }
  std::size_t members() const { return instance.size(); }
};

}  // namespace xo::analyzer
