#pragma once
// Point-to-point messages: each MpiSend/MpiIsend matched with the MpiRecv/MpiIrecv that received
// it, per (communicator, sender, receiver, tag) in order (MPI's non-overtaking rule; OTF2 records
// a receive with its actual source and tag, so wildcards are resolved already). Calls are rows of
// CallTable: the enclosing call's region, enter and leave are there. Times are seconds since the
// trace's global offset.

#include <cstdint>
#include <vector>

#include "xo/analyzer/model_ids.hpp"
#include "xo/analyzer/narrow_column.hpp"
#include "xo/analyzer/run_column.hpp"
#include "xo/analyzer/sparse_column.hpp"

namespace xo::analyzer {

struct MessageTable {
  enum Flags : std::uint8_t { kNonblockingSend = 1, kNonblockingReceive = 2 };

  RunColumn<RankId> sender;  // the table is in sender order: a run per sender
  std::vector<RankId> receiver;
  ShortIdColumn communicator;  // row of CommunicatorTable
  ShortIdColumn tag;
  ByteCountColumn bytes;            // as the sender recorded them
  std::vector<double> send_time;    // the MpiSend / MpiIsend event
  std::vector<Index> send_call;     // the call around it (kNoIndex if none)
  std::vector<Index> receive_call;  // the call around the receive: MPI_Recv, or the MPI_Wait* of an MPI_Irecv
  // Times and a call stored only where they differ from what the calls say: most receive events are
  // at their call's leave, and a blocking message's other times follow from its calls. Read them
  // through TraceModel's receive_time, send_buffer_free, send_complete_call, receive_posted and
  // receive_complete.
  SparseColumn<double> receive_time;
  SparseColumn<double> send_buffer_free;
  SparseColumn<Index> send_complete_call;
  SparseColumn<double> receive_posted;
  SparseColumn<double> receive_complete;
  // The protocol attribute of the earliest phase on the sender's network lanes with the receiver as
  // peer and the message's bytes that starts at or after the send call's enter and before the
  // receive call's leave; kNoString when there is none (foreign traces).
  ShortIdColumn protocol;
  std::vector<std::uint8_t> flags;

  std::size_t size() const { return receiver.size(); }
};

// Sends no receive took: a run that failed (or ended) with them in flight. Their data may still
// have filled the receiver's buffers, which is why a run failed.
struct UnreceivedSendTable {
  std::vector<RankId> sender;
  std::vector<RankId> receiver;
  std::vector<std::uint64_t> bytes;
  std::vector<double> send_time;  // the MpiSend / MpiIsend event

  std::size_t size() const { return sender.size(); }
};

}  // namespace xo::analyzer
