#pragma once
// What a simulated run tells an observer (the OTF2 tracer): the run's description, every MPI call
// a rank makes, the point-to-point and collective events inside those calls as OTF2 and Scalasca
// define them, communicators as they are made and freed, and every protocol phase.
//
// Times are virtual, in picoseconds. Ranks are MPI_COMM_WORLD ranks unless a field says otherwise.
// Every callback for a rank comes from that rank, at that rank's clock, so per rank the calls
// arrive in time order; protocol phases are the exception (a phase is reported once the protocol
// knows its end, which may be after later events of the same rank), so an observer that needs
// them in order must sort them. Calls arrive in a deterministic order under --compute=none.

#include <cstdint>
#include <string>
#include <vector>

#include "xo/reference_mpi/protocol_phase.hpp"

namespace xo::mpi {

struct RunSetting {
  std::string name;   // "L", "MPICH_MAX_SHORT_MSG_SIZE"
  std::string value;  // as a user would write it: "5.5", "128000", "auto"
};

struct RunInfo {
  int ranks = 0;
  int ranks_per_node = 1;  // the machine's node size: rank r is on node r / ranks_per_node
  std::string machine;     // "xt3"
  std::string machine_description;
  std::vector<RunSetting> parameters;     // every machine parameter, resolved (defaults included)
  std::vector<RunSetting> environment;    // every environment variable of the machine's MPI, resolved
  std::string compute_mode;               // "none" or "measured"
  std::vector<std::string> program_args;  // the program and its arguments as the ranks see them
};

// A communicator: `id` is unique within the run and stable (its context id), so the same run
// gives the same ids. MPI_COMM_WORLD is id 1; MPI_COMM_SELF of every rank shares id 2 and has one
// member per rank (the rank itself), so its world_ranks is empty.
//
// An intercommunicator has two groups: world_ranks is the one holding the lower MPI_COMM_WORLD
// rank, remote_world_ranks the other. Events name ranks of the group the rank is not in; its
// parent_id is the common communicator (MPI_Intercomm_create's peer_comm, or the intercommunicator
// it was made from).
struct CommInfo {
  int id = 0;
  std::string name;              // "MPI_COMM_WORLD", or "split of MPI_COMM_WORLD" ...
  std::vector<int> world_ranks;  // members in communicator rank order
  int parent_id = 0;             // the communicator it was made from (0 for the predefined ones)
  bool inter = false;
  std::vector<int> remote_world_ranks = {};  // intercommunicators: the other group, in rank order
};

// The point-to-point events of OTF2 (MpiSend, MpiIsend, MpiRecv, ...). `peer` is a rank of the
// communicator; `request_id` is unique per rank within the run for nonblocking requests (0 for
// blocking calls).
struct MessageEvent {
  int comm_id = 0;
  int peer = 0;
  int tag = 0;
  std::int64_t bytes = 0;
  std::uint64_t request_id = 0;
};

// MpiCollectiveEnd: the operation ("MPI_Bcast"), communicator, root (communicator rank, or -1
// for unrooted operations; kRootSelf or kRootThisGroup on an intercommunicator) and the bytes this
// rank sent and received, as Score-P counts them.
struct CollectiveEvent {
  // Roots on an intercommunicator (OTF2_COLLECTIVE_ROOT_SELF and _THIS_GROUP): the root itself,
  // which passed MPI_ROOT, and the rest of its group (MPI_PROC_NULL). The other group's members
  // give the root's rank in the root's group.
  static constexpr int kRootSelf = -2;
  static constexpr int kRootThisGroup = -3;

  const char* call = "";
  int comm_id = 0;
  int root = -1;
  std::int64_t bytes_sent = 0;
  std::int64_t bytes_received = 0;
  std::string algorithm;  // the algorithm the machine chose, "binomial", "selective_broadcast"
};

// A window (OTF2's RmaWin): `id` is unique within the run and stable; `comm_id` is the communicator
// it was made on, whose ranks the RMA events' targets are.
struct WindowInfo {
  int id = 0;
  int comm_id = 0;
};

// One-sided operations, as OTF2 tells them apart: RmaPut, RmaGet and RmaAtomic of these types.
enum class RmaKind : std::uint8_t { Put, Get, Accumulate, GetAccumulate, FetchAndOp, CompareAndSwap };

// An RMA operation issued (RmaPut, RmaGet, RmaAtomic). `target` is a rank of the window's
// communicator; `matching_id` is unique per rank within the run, and names the operation again
// when it completes (RmaOpCompleteBlocking).
struct RmaOperation {
  int window_id = 0;
  int target = 0;
  RmaKind kind = RmaKind::Put;
  std::int64_t bytes_sent = 0;      // to the target
  std::int64_t bytes_received = 0;  // from it
  std::uint64_t matching_id = 0;
};

// The synchronisation calls: a fence is an RMA collective (RmaCollectiveBegin/End, a barrier);
// post, start, complete and wait synchronise with a group (RmaGroupSync); a lock is requested,
// acquired and released (RmaRequestLock, RmaAcquireLock, RmaReleaseLock); a flush completes the
// operations to one target (RmaSync).
enum class RmaLockStep : std::uint8_t { Request, Acquire, Release };
struct RmaLockEvent {
  int window_id = 0;
  int target = 0;  // a rank of the window's communicator
  bool exclusive = false;
  std::uint64_t lock_id = 0;  // unique per rank within the run, shared by a lock's three steps
  RmaLockStep step = RmaLockStep::Request;
};

// Why a run failed: a rank's fault, MPI_Abort or a fatal MPI error, a deadlock, an interrupt, or
// ranks that ended early or with a non-zero status.
struct RunFailure {
  bool cut_short = false;  // the run stopped before every rank's program ended
  std::string message;     // what xo prints
  // A fault in a rank's code (a signal, a stack overflow): which rank, what and where.
  int fault_rank = -1;
  std::string fault_signal;  // "SIGSEGV"; "stack overflow" when the stack's canary found it
  std::string fault_place;   // "inside MPI_Send", "in its own code after MPI_Barrier"
  std::int64_t fault_ps = -1;
};

class RunObserver {
 public:
  virtual ~RunObserver() = default;

  // Before any rank starts; the predefined communicators follow as comm_defined calls.
  virtual void run_started(const RunInfo& /*info*/) {}
  // A communicator exists (called once per communicator, by the first member to create it, before
  // any event refers to it).
  virtual void comm_defined(const CommInfo& /*comm*/) {}

  // An MPI call begins and ends (every MPI_Xxx entry point; nested calls are not reported).
  // `call_site` is the return address into the program (api/call_site.hpp), 0 if unknown; it is
  // valid in this process only.
  virtual void call_entered(int /*rank*/, const char* /*call*/, std::int64_t /*time_ps*/,
                            std::uintptr_t /*call_site*/) {}
  // Whether call_entered needs `call_site` (else it is 0): finding it walks the rank's stack at
  // every call, a few percent of a run that only sums (xo record --profile).
  virtual bool wants_call_sites() const { return true; }
  virtual void call_left(int /*rank*/, const char* /*call*/, std::int64_t /*time_ps*/) {}

  virtual void send(int /*rank*/, const MessageEvent& /*m*/, std::int64_t /*time_ps*/) {}  // MpiSend
  // A blocking send (MPI_Send, or the send of MPI_Sendrecv) completed at `time_ps`, inside its call:
  // its buffer became free at `buffer_free_ps`, which in a call that also receives may be long
  // before the call returns. A rank has one blocking send open at a time.
  virtual void send_complete(int /*rank*/, std::int64_t /*time_ps*/, std::int64_t /*buffer_free_ps*/) {}
  virtual void isend(int /*rank*/, const MessageEvent& /*m*/, std::int64_t /*time_ps*/) {}  // MpiIsend
  // MpiIsendComplete at the call that saw it; the send's buffer became free at `buffer_free_ps`,
  // which may be earlier (a copy protocol frees it before the program asks).
  virtual void isend_complete(int /*rank*/, std::uint64_t /*request_id*/, std::int64_t /*time_ps*/,
                              std::int64_t /*buffer_free_ps*/) {}
  virtual void irecv_request(int /*rank*/, std::uint64_t /*request_id*/, std::int64_t /*time_ps*/) {}
  virtual void recv(int /*rank*/, const MessageEvent& /*m*/, std::int64_t /*time_ps*/) {}  // MpiRecv
  // MpiIrecv at the call that saw it; the data had arrived (the request completed) at
  // `arrived_ps`, which may be earlier (before the program asked).
  virtual void irecv(int /*rank*/, const MessageEvent& /*m*/, std::int64_t /*time_ps*/, std::int64_t /*arrived_ps*/) {}
  virtual void request_cancelled(int /*rank*/, std::uint64_t /*request_id*/, std::int64_t /*time_ps*/) {}

  virtual void collective_begin(int /*rank*/, std::int64_t /*time_ps*/) {}
  virtual void collective_end(int /*rank*/, const CollectiveEvent& /*c*/, std::int64_t /*time_ps*/) {}
  // Nonblocking collectives (MPI_Ibcast ...): NonBlockingCollectiveRequest inside the call that
  // starts one, NonBlockingCollectiveComplete inside the MPI_Wait/Test... that retires it, with
  // what MpiCollectiveEnd would say of its blocking twin (`c.call` names the nonblocking call).
  // `request_id` is unique per rank within the run, shared with the point-to-point requests.
  virtual void collective_request(int /*rank*/, std::uint64_t /*request_id*/, std::int64_t /*time_ps*/) {}
  virtual void collective_complete(int /*rank*/, const CollectiveEvent& /*c*/, std::uint64_t /*request_id*/,
                                   std::int64_t /*time_ps*/) {}

  // A member named a communicator (MPI_Comm_set_name); names are local to each process, and the
  // trace keeps the first one given.
  virtual void comm_named(int /*rank*/, int /*comm_id*/, const std::string& /*name*/) {}

  // A member made (MPI_Comm_dup, _split, _create) or freed (MPI_Comm_free) a communicator.
  virtual void comm_created(int /*rank*/, int /*comm_id*/, std::int64_t /*time_ps*/) {}
  virtual void comm_destroyed(int /*rank*/, int /*comm_id*/, std::int64_t /*time_ps*/) {}

  // A window exists (once, by the first member to make it, before any event refers to it).
  virtual void window_defined(const WindowInfo& /*window*/) {}
  // A member made (MPI_Win_create, _allocate) or freed (MPI_Win_free) a window, inside the call.
  virtual void window_created(int /*rank*/, int /*window_id*/, std::int64_t /*time_ps*/) {}
  virtual void window_destroyed(int /*rank*/, int /*window_id*/, std::int64_t /*time_ps*/) {}
  virtual void rma_operation(int /*rank*/, const RmaOperation& /*op*/, std::int64_t /*time_ps*/) {}
  // The synchronisation at `time_ps` completed the operation (RmaOpCompleteBlocking).
  virtual void rma_operation_complete(int /*rank*/, int /*window_id*/, std::uint64_t /*matching_id*/,
                                      std::int64_t /*time_ps*/) {}
  virtual void rma_fence_begin(int /*rank*/, std::int64_t /*time_ps*/) {}
  virtual void rma_fence_end(int /*rank*/, int /*window_id*/, std::int64_t /*time_ps*/) {}
  // MPI_Win_post, _start, _complete, _wait (and a successful _test) with the group's world ranks.
  virtual void rma_group_sync(int /*rank*/, int /*window_id*/, const std::vector<int>& /*world_ranks*/,
                              std::int64_t /*time_ps*/) {}
  virtual void rma_lock(int /*rank*/, const RmaLockEvent& /*lock*/, std::int64_t /*time_ps*/) {}
  // MPI_Win_flush (target: a rank of the window's communicator) completed the operations to it.
  virtual void rma_flush(int /*rank*/, int /*window_id*/, int /*target*/, std::int64_t /*time_ps*/) {}

  // A protocol phase (see protocol_phase.hpp), performed by p.from_world_rank's network interface
  // (the sender for injections, the receiver for CTS, GET and copies out): it belongs under that
  // rank. p.to_world_rank is -1 for a phase with no single peer (a hardware broadcast or sync).
  // Phases of one rank may overlap in time (several messages in flight).
  virtual void phase(const PhaseRecord& /*p*/) {}

  // Before run_finished, if the run failed.
  virtual void run_failed(const RunFailure& /*failure*/) {}
  // After the last rank finished (or the run failed): the largest rank clock.
  virtual void run_finished(std::int64_t /*end_ps*/, int /*exit_code*/) {}
};

}  // namespace xo::mpi
