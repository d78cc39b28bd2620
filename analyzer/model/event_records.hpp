#pragma once
// What the event reader keeps of the MPI events for the steps after reading: each side of a
// message, and each member's part in a collective. Plain records, one per event pair.

#include <otf2/otf2.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "xo/analyzer/model_ids.hpp"

namespace xo::analyzer {

struct SendRecord {
  Index comm;
  RankId sender;
  RankId receiver;
  std::uint32_t tag;
  std::uint64_t bytes;
  double time;
  double complete;     // MpiIsendComplete, NaN if blocking or never completed
  double buffer_free;  // the "buffer_free" attribute of MpiIsendComplete, or of a blocking MpiSend; else NaN
  Index call;
  Index complete_call;     // the call around the MpiIsendComplete, kNoIndex if none
  std::uint8_t flags;      // MessageTable::Flags
  bool cancelled = false;  // MpiRequestCancelled: no message
};

struct ReceiveRecord {
  Index comm;
  RankId sender;
  RankId receiver;
  std::uint32_t tag;
  double posted;
  double time;
  double arrived = std::numeric_limits<double>::quiet_NaN();  // MpiIrecv's "arrived" attribute, else NaN
  Index call;
  std::uint8_t flags;
};
// A record per message side is kept until matching: their size weighs on read_trace's peak memory.
static_assert(sizeof(SendRecord) == 64);
static_assert(sizeof(ReceiveRecord) == 48);

// A blocking collective (MpiCollectiveBegin/End) or a nonblocking one (NonBlockingCollectiveRequest
// and Complete) of one member.
struct CollectiveMemberRecord {
  Index comm;
  std::uint32_t sequence;  // this member's k-th collective on the communicator, in the order started
  RankId rank;
  OTF2_CollectiveOp operation;
  RankId root;
  StringId algorithm;
  double begin;         // MpiCollectiveBegin or NonBlockingCollectiveRequest
  double end;           // MpiCollectiveEnd or NonBlockingCollectiveComplete
  Index call;           // the call around the begin (MPI_Bcast, MPI_Ibcast)
  Index complete_call;  // nonblocking: the call around the completion (MPI_Wait ...); else kNoIndex
  std::uint64_t bytes_sent;
  std::uint64_t bytes_received;
  bool nonblocking;
};

struct EventRecords {
  std::vector<SendRecord> sends;        // each location's in its order
  std::vector<ReceiveRecord> receives;  // each location's in its order
  std::vector<CollectiveMemberRecord> collective_members;
};

}  // namespace xo::analyzer
