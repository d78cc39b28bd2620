#pragma once
// Everything the reference MPI keeps for one rank: handle tables, matching queues, buffered-send
// space and the bookkeeping that deadlock reports and compute-time accounting need.

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "attributes.hpp"
#include "communicator.hpp"
#include "datatype_table.hpp"
#include "errhandler_table.hpp"
#include "error_registry.hpp"
#include "generalized_request.hpp"
#include "group_table.hpp"
#include "info_table.hpp"
#include "matched_messages.hpp"
#include "matching_queues.hpp"
#include "op_table.hpp"
#include "request_table.hpp"
#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

// A buffered send in progress: its packed data and the space it takes in the attached buffer.
struct BsendRecord {
  std::int64_t bytes = 0;  // payload plus MPI_BSEND_OVERHEAD
  std::vector<std::byte> data;
  Request* request = nullptr;
};

// What a rank keeps on a datatype handle besides the type itself: its name and attributes.
struct TypeExtras {
  std::string name;
  bool named = false;
  AttributeList attributes;
};

// The values behind the predefined attribute keyvals (MPI_TAG_UB ...): MPI_Comm_get_attr hands out
// their addresses, so they live as long as the rank.
struct EnvironmentAttributes {
  int tag_ub = MPI_TAG_UB_VALUE;
  int host = MPI_PROC_NULL;  // no rank is the host
  int io = MPI_ANY_SOURCE;   // every rank can do I/O
  int wtime_is_global = 1;   // the virtual clocks share one timeline
  int universe_size = 1;     // the world size
  int appnum = 0;            // one program
};

struct FreeDeleter {
  void operator()(void* memory) const { std::free(memory); }
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
  KeyvalTable keyvals;
  std::map<MPI_Datatype, TypeExtras>
      type_extras;  // types with a name or attributes (stable nodes: callbacks may add some)
  ErrhandlerTable errhandlers;
  ErrorRegistry errors;
  InfoTable infos;
  MatchedMessages matched;
  EnvironmentAttributes environment;
  std::unordered_map<void*, std::unique_ptr<void, FreeDeleter>> allocations;  // MPI_Alloc_mem
  int thread_level = MPI_THREAD_SINGLE;                                       // what MPI_Init_thread provided

  std::vector<sim::Time> copy_buffers_free_at;          // sender-side system buffers (XT3 vshort)
  std::map<std::uintptr_t, std::uintptr_t> registered;  // RDMA registration cache: start -> end of each buffer
  std::int64_t library_bytes_registered = 0;            // the MPI's own buffers: the largest registered
  sim::Time shared_memory_free = 0;                     // when this rank can start its next copy to another on its node
  // Mailbox connections by peer world rank (machines with mailbox credits): when each credit of
  // this rank's mailbox slots at that peer comes back.
  std::unordered_map<int, std::vector<sim::Time>> mailboxes;
  // Messages that arrived while this rank was outside MPI (not yet started, or computing): their
  // senders' credits (sender world rank, slot) come back only when it next enters a call; and the
  // sender fibers blocked until then.
  std::vector<std::pair<int, int>> credits_owed;
  std::vector<int> credit_waiters;

  // Receive resources in use (see hw::ReceiveResources).
  std::int64_t unexpected_bytes = 0;
  std::int64_t unexpected_events = 0;
  std::int64_t other_events = 0;

  void* bsend_buffer = nullptr;
  std::int64_t bsend_size = 0;
  std::vector<std::unique_ptr<BsendRecord>> bsends;  // stable addresses: requests point into data

  // What the rank is doing, for deadlock reports.
  const char* call = nullptr;
  const char* last_call = nullptr;  // the latest call it left, for the message if it faults or ends early
  sim::Time entered_at = 0;         // when the current outermost call began (after the computation before it)
  int call_depth = 0;
  std::string last_error;          // the message a fatal error handler prints
  std::string pending_truncation;  // details of the last truncated receive
  std::string meeting_note;        // set while blocked building a communicator
  bool blocked_in_probe = false;
  std::vector<const Request*> waiting_for;
  bool waiting_for_all = false;           // in MPI_Waitall: woken only once every request of waiting_for is complete
  std::vector<Request*> request_scratch;  // the Wait/Test families' lookup buffer
  std::vector<int> error_scratch;         // and their per-request errors
  int probe_source = 0;
  int probe_tag = 0;
  MPI_Comm probe_comm = MPI_COMM_NULL;

  GeneralizedRequests generalized;   // MPI_Grequest_start's callbacks, by request
  std::uint64_t trace_requests = 0;  // nonblocking requests traced so far: the next id
  std::int64_t compute_mark_ns = 0;  // the compute clock when the rank last left an MPI call
  sim::Time last_wtime = -1;         // MPI_Wtime's last reading, and how many in a row gave it
  int same_wtime_readings = 0;       // (a loop spinning on it is charged polls)
};

}  // namespace xo::mpi
