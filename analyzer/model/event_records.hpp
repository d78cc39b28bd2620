#pragma once
// What the event reader keeps of the MPI events for the steps after reading: each side of a
// message, in columns, each member's part in a collective, a plain record per event pair, and the
// one-sided synchronisation records.

#include <otf2/otf2.h>

#include <cstdint>
#include <tuple>
#include <vector>

#include "xo/analyzer/model_ids.hpp"
#include "xo/analyzer/narrow_column.hpp"
#include "xo/analyzer/rma_sync_table.hpp"
#include "xo/analyzer/sparse_column.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

// Every send as the reader found it, a column per field, each location's sends in its order.
// Matching compares a few columns; the message table is then gathered from them a column at a time,
// each freed once gathered, so that the sides and the table are never whole in memory together (at
// 10^8 events a record per side took 1.3 GB, the read's peak).
struct SendSides {
  static constexpr std::uint8_t kCancelled = 0x80;  // in flags: MpiRequestCancelled, no message

  ShortIdColumn comm;
  std::vector<RankId> receiver;
  ShortIdColumn tag;
  ByteCountColumn bytes;
  std::vector<double> time;
  std::vector<Index> call;          // the call around the send
  std::vector<std::uint8_t> flags;  // MessageTable::Flags, and kCancelled
  // Only a nonblocking send, or a blocking one the trace says more of, stores these:
  SparseColumn<double> buffer_free;   // the "buffer_free" attribute of MpiIsendComplete or MpiSend, else NaN
  SparseColumn<Index> complete_call;  // the call around the MpiIsendComplete, else kNoIndex
  // The sender is the rank whose location read the send, and ranks are read in order: the sends of
  // rank r are rows first_of_rank[r] .. first_of_rank[r + 1] (ranks + 1 entries once read).
  std::vector<Index> first_of_rank;

  static constexpr auto kColumns =
      std::tuple{&SendSides::receiver, &SendSides::time, &SendSides::call, &SendSides::flags};
  static constexpr auto kNarrowColumns = std::tuple{&SendSides::comm, &SendSides::tag, &SendSides::bytes};
  static constexpr auto kCallColumns = std::tuple{&SendSides::call};

  std::size_t size() const { return time.size(); }
  // A send; `free` NaN when the trace does not say.
  void push_back(Index c, RankId to, std::uint32_t t, std::uint64_t b, double at, double free, Index in,
                 std::uint8_t f) {
    comm.push_back(c);
    receiver.push_back(to);
    tag.push_back(t);
    bytes.push_back(b);
    time.push_back(at);
    call.push_back(in);
    flags.push_back(f);
    if ((f & MessageTable::kNonblockingSend) != 0) {  // until its MpiIsendComplete says
      buffer_free.push_stored(free);
      complete_call.push_stored(kNoIndex);
    } else {
      buffer_free.push(free, TraceModel::kNoTime);
      complete_call.push_derived();
    }
  }
};

// Every receive as the reader found it, as SendSides keeps the sends.
struct ReceiveSides {
  ShortIdColumn comm;
  std::vector<RankId> sender;
  ShortIdColumn tag;
  std::vector<Index> call;
  std::vector<std::uint8_t> flags;  // MessageTable::Flags
  // When the receive was posted: the MpiIrecvRequest; stored unless it is the enter of `call`.
  SparseColumn<double> posted;
  SparseColumn<double> arrived;  // MpiIrecv's "arrived" attribute, else NaN
  // The MpiRecv / MpiIrecv; stored unless it is the leave of `call` (NaN for kNoIndex). The reader
  // pushes it once the call has left, so this column may lag behind the others while a call is open.
  SparseColumn<double> time;
  std::vector<Index> first_of_rank;  // the receives of receiver r, as SendSides' of sender r

  static constexpr auto kColumns = std::tuple{&ReceiveSides::sender, &ReceiveSides::call, &ReceiveSides::flags};
  static constexpr auto kNarrowColumns = std::tuple{&ReceiveSides::comm, &ReceiveSides::tag};
  static constexpr auto kCallColumns = std::tuple{&ReceiveSides::call};

  std::size_t size() const { return call.size(); }
  // A receive but for its time; `call_enter` is the enter of `in` (NaN for kNoIndex), `got` its
  // arrival or NaN.
  void push_back(Index c, RankId from, std::uint32_t t, double post, Index in, double call_enter, double got,
                 std::uint8_t f) {
    comm.push_back(c);
    sender.push_back(from);
    tag.push_back(t);
    call.push_back(in);
    flags.push_back(f);
    posted.push(post, call_enter);
    arrived.push(got, TraceModel::kNoTime);
  }
};

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
  SendSides sends;
  ReceiveSides receives;
  std::vector<CollectiveMemberRecord> collective_members;
  std::vector<RmaSyncEvent> rma_syncs;
};

}  // namespace xo::analyzer
