#pragma once
// Everything the reference MPI keeps for one rank: handle tables, matching queues, buffered-send
// space and the bookkeeping that deadlock reports and compute-time accounting need.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "../kernel/virtual_time.hpp"
#include "communicator.hpp"
#include "datatype_table.hpp"
#include "group_table.hpp"
#include "matching_queues.hpp"
#include "op_table.hpp"
#include "request_table.hpp"

namespace xo::mpi {

// A buffered send in progress: its packed data and the space it takes in the attached buffer.
struct BsendRecord {
  std::int64_t bytes = 0;  // payload plus MPI_BSEND_OVERHEAD
  std::vector<std::byte> data;
  Request* request = nullptr;
};

struct RankState {
  int world_rank = 0;
  bool initialized = false;
  bool finalized = false;

  CommTable comms;
  GroupTable groups;
  DatatypeTable datatypes;
  RequestTable requests;
  MatchingQueues queues;
  OpTable ops;

  sim::Time nic_free = 0;  // when this rank's NIC can inject the next message
  std::vector<sim::Time> copy_buffers_free_at;  // sender-side system buffers (XT3 vshort)
  // Mailbox connections by peer world rank (machines with mailbox credits): when each credit of
  // this rank's mailbox slots at that peer comes back.
  std::unordered_map<int, std::vector<sim::Time>> mailboxes;

  // Receive resources in use (see hw::ReceiveResources).
  std::int64_t unexpected_bytes = 0;
  std::int64_t unexpected_events = 0;
  std::int64_t other_events = 0;

  void* bsend_buffer = nullptr;
  std::int64_t bsend_size = 0;
  std::vector<std::unique_ptr<BsendRecord>> bsends;  // stable addresses: requests point into data

  // What the rank is doing, for deadlock reports.
  const char* call = nullptr;
  int call_depth = 0;
  std::string last_error;  // the message a fatal error handler prints
  std::string pending_truncation;  // details of the last truncated receive
  std::string meeting_note;        // set while blocked building a communicator
  bool blocked_in_probe = false;
  std::vector<const Request*> waiting_for;
  std::vector<Request*> request_scratch;  // the Wait/Test families' lookup buffer
  int probe_source = 0;
  int probe_tag = 0;
  MPI_Comm probe_comm = MPI_COMM_NULL;

  std::uint64_t trace_requests = 0;  // nonblocking requests traced so far: the next id
  std::int64_t cpu_mark_ns = 0;  // host thread CPU time when the rank last left an MPI call
};

}  // namespace xo::mpi
