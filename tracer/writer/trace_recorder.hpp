#pragma once
// Everything a run reports, buffered for the archive: the run's description, its communicators,
// and per rank its events (in the order they came) and its protocol phases. Recording is the hot
// path of a traced run: each call appends a 32-byte record, and names become ids through small
// caches. The buffered run is read back by the archive writer once the run is over.

#include <otf2/otf2.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "name_table.hpp"
#include "rank_event.hpp"
#include "record_arena.hpp"
#include "record_log.hpp"
#include "xo/reference_mpi/run_observer.hpp"

namespace xo::tracer {

// A nonblocking collective started and not yet completed: its request record, left out if its
// completion cannot be written.
struct PendingCollective {
  std::uint64_t request_id;
  RankEvent* request;
};

// One rank's buffered events and what is still open at the end of its stream.
struct RankLog {
  RecordLog<RankEvent> events;
  RecordLog<PhaseSpan> phases;  // in the order reported
  std::int64_t last_time = 0;
  std::uint32_t open_call = kNoName;                   // the call entered and not yet left
  RankEvent* open_collective = nullptr;                // an MpiCollectiveBegin not yet ended
  std::vector<PendingCollective> pending_collectives;  // usually a few; in no order
};

class TraceRecorder {
 public:
  void run_started(const mpi::RunInfo& info);
  void comm_defined(const mpi::CommInfo& comm);
  void comm_named(int comm_id, const std::string& name);

  // Calls do not nest (run_observer.hpp), so a Leave is of the call open on its rank. The call
  // site stays a raw address until the archive is written (call_sites.hpp resolves it then).
  void call_entered(int rank, const char* call, std::int64_t time, std::uintptr_t call_site) {
    RankLog& log = log_of(rank);
    assert(log.open_call == kNoName && "MPI calls do not nest");
    log.open_call = calls_.intern(call);
    has_call_sites_ |= call_site != 0;
    append(log, time, RankEventKind::Enter, call_site, log.open_call);
  }
  void call_left(int rank, [[maybe_unused]] const char* call, std::int64_t time) {
    RankLog& log = log_of(rank);
    assert(log.open_call != kNoName && calls_.name(log.open_call) == call && "a call is left once entered");
    if (log.open_call == kNoName) [[unlikely]] {
      ++repaired_;
      return;
    }
    append(log, time, RankEventKind::Leave, 0, log.open_call);
    log.open_call = kNoName;
  }
  void message(int rank, RankEventKind kind, const mpi::MessageEvent& m, std::int64_t time) {
    RankLog& log = log_of(rank);
    append(log, time, kind, static_cast<std::uint64_t>(m.bytes), static_cast<std::uint32_t>(m.peer),
           static_cast<std::uint32_t>(m.comm_id), static_cast<std::uint32_t>(m.tag));
    if (kind == RankEventKind::Isend) {
      log.events.append(arena_, {log.last_time, m.request_id, 0, 0, 0, RankEventKind::Extension});
    }
  }
  // The arrival time is kept, like an Isend's buffer-free time, as its distance before the event in
  // the Extension record's two 32-bit halves.
  void irecv(int rank, const mpi::MessageEvent& m, std::int64_t time, std::int64_t arrived) {
    RankLog& log = log_of(rank);
    append(log, time, RankEventKind::Irecv, static_cast<std::uint64_t>(m.bytes), static_cast<std::uint32_t>(m.peer),
           static_cast<std::uint32_t>(m.comm_id), static_cast<std::uint32_t>(m.tag));
    const auto before = static_cast<std::uint64_t>(std::max<std::int64_t>(time - arrived, 0));
    log.events.append(arena_, {log.last_time, m.request_id, static_cast<std::uint32_t>(before),
                               static_cast<std::uint32_t>(before >> 32), 0, RankEventKind::Extension});
  }
  void request(int rank, RankEventKind kind, std::uint64_t request_id, std::int64_t time) {
    append(log_of(rank), time, kind, request_id);
  }
  // A blocking send's buffer-free time, kept as its distance before the completion in two 32-bit
  // halves; the archive writer gives it to the MpiSend before it (rank_event.hpp).
  void send_complete(int rank, std::int64_t time, std::int64_t buffer_free) {
    const auto before = static_cast<std::uint64_t>(std::max<std::int64_t>(time - buffer_free, 0));
    append(log_of(rank), time, RankEventKind::SendComplete, 0, static_cast<std::uint32_t>(before),
           static_cast<std::uint32_t>(before >> 32));
  }
  // The buffer-free time is kept as its distance before the event, in two 32-bit halves.
  void isend_complete(int rank, std::uint64_t request_id, std::int64_t time, std::int64_t buffer_free) {
    const auto before = static_cast<std::uint64_t>(std::max<std::int64_t>(time - buffer_free, 0));
    append(log_of(rank), time, RankEventKind::IsendComplete, request_id, static_cast<std::uint32_t>(before),
           static_cast<std::uint32_t>(before >> 32));
  }
  void collective_begin(int rank, std::int64_t time);
  void collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time);
  void collective_request(int rank, std::uint64_t request_id, std::int64_t time);
  void collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t request_id, std::int64_t time);
  void comm_created(int rank, int comm_id, std::int64_t time);
  void comm_destroyed(int rank, int comm_id, std::int64_t time);
  void phase(const mpi::PhaseRecord& p);

  // One-sided communication (run_observer.hpp).
  void window_defined(const mpi::WindowInfo& window);
  void window_created(int rank, int window_id, std::int64_t time);
  void window_destroyed(int rank, int window_id, std::int64_t time);
  void rma_operation(int rank, const mpi::RmaOperation& op, std::int64_t time);
  void rma_operation_complete(int rank, int window_id, std::uint64_t matching_id, std::int64_t time) {
    append(log_of(rank), time, RankEventKind::RmaOpComplete, matching_id, 0, static_cast<std::uint32_t>(window_id));
  }
  void rma_fence_begin(int rank, std::int64_t time) { append(log_of(rank), time, RankEventKind::RmaCollectiveBegin); }
  void rma_fence_end(int rank, int window_id, std::int64_t time) {
    append(log_of(rank), time, RankEventKind::RmaCollectiveEnd, 0, OTF2_COLLECTIVE_OP_BARRIER,
           static_cast<std::uint32_t>(window_id));
  }
  void rma_group_sync(int rank, int window_id, const std::vector<int>& world_ranks, std::int64_t time);
  void rma_lock(int rank, const mpi::RmaLockEvent& lock, std::int64_t time) {
    const auto step = static_cast<std::uint32_t>(lock.step) | (lock.exclusive ? 1u << 8 : 0u);
    append(log_of(rank), time, RankEventKind::RmaLock, lock.lock_id, static_cast<std::uint32_t>(lock.target),
           static_cast<std::uint32_t>(lock.window_id), step);
  }
  void rma_flush(int rank, int window_id, int target, std::int64_t time) {
    append(log_of(rank), time, RankEventKind::RmaSync, 0, static_cast<std::uint32_t>(target),
           static_cast<std::uint32_t>(window_id));
  }

  void run_failed(const mpi::RunFailure& failure) { failure_ = failure; }
  void run_finished(std::int64_t end, int exit_code);

  bool started() const { return started_; }
  const mpi::RunInfo& info() const { return info_; }
  const std::vector<mpi::CommInfo>& comms() const { return comms_; }
  const std::vector<mpi::WindowInfo>& windows() const { return windows_; }
  // Whether window `id` has RmaWinCreate or RmaWinDestroy events.
  bool has_window_events(int window_id) const;
  // The groups of the post-start-complete-wait calls, world ranks in group order, by group id.
  const std::vector<std::vector<int>>& rma_groups() const { return rma_groups_; }
  // Whether comm `id` has CommCreate or CommDestroy events (OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS).
  bool has_handle_events(int comm_id) const;
  const std::vector<RankLog>& ranks() const { return ranks_; }
  const NameTable& calls() const { return calls_; }
  const NameTable& paths() const { return paths_; }
  const NameTable& algorithms() const { return algorithms_; }
  // Which phases occurred, by their enum value.
  const std::array<bool, 256>& phases_seen() const { return phases_seen_; }
  // The run's end: as run_finished reported it, and never before the last event.
  std::int64_t end_time() const;
  bool finished() const { return finished_; }
  int exit_code() const { return exit_code_; }
  // Why the run failed, if it did.
  const std::optional<mpi::RunFailure>& failure() const { return failure_; }
  std::uint64_t repaired_events() const { return repaired_; }
  // Whether any call came with its call site (a program apart from the reference MPI's code).
  bool has_call_sites() const { return has_call_sites_; }

 private:
  RankLog& log_of(int rank) {
    assert(started_ && rank >= 0 && static_cast<std::size_t>(rank) < ranks_.size() && "a rank of the run");
    return ranks_[static_cast<std::size_t>(rank)];
  }
  // A rank's events come in time order (run_observer.hpp); one that does not is a caller's bug.
  std::int64_t in_order(RankLog& log, std::int64_t time) {
    if (time < log.last_time) [[unlikely]] {
      assert(false && "a rank's events arrive in time order");
      ++repaired_;
      return log.last_time;
    }
    log.last_time = time;
    return time;
  }
  void comm_handle_event(int rank, int comm_id, std::int64_t time, RankEventKind kind, OTF2_CollectiveOp op);
  void window_handle_event(int rank, int window_id, std::int64_t time, RankEventKind kind, OTF2_CollectiveOp op);
  // A CollectiveEnd or CollectiveComplete record and the Extension that follows it.
  void append_collective_result(RankLog& log, std::int64_t time, RankEventKind kind, OTF2_CollectiveOp op,
                                const mpi::CollectiveEvent& c);
  RankEvent& append(RankLog& log, std::int64_t time, RankEventKind kind, std::uint64_t wide = 0, std::uint32_t a = 0,
                    std::uint32_t b = 0, std::uint32_t c = 0) {
    return log.events.append(arena_, {in_order(log, time), wide, a, b, c, kind});
  }

  RecordArena arena_;  // before the logs that point into it
  bool started_ = false;
  bool finished_ = false;
  mpi::RunInfo info_;
  std::vector<mpi::CommInfo> comms_;
  struct CommState {
    bool defined = false;
    bool handle_events = false;  // CommCreate or CommDestroy
    bool named = false;          // by the program (MPI_Comm_set_name)
  };
  std::vector<CommState> comm_states_;  // by comm id
  std::vector<mpi::WindowInfo> windows_;
  std::vector<int> windows_with_events_;  // ids, sorted
  std::vector<std::vector<int>> rma_groups_;
  std::map<std::vector<int>, std::uint32_t> rma_group_ids_;
  std::vector<RankLog> ranks_;
  NameTable calls_;
  NameTable paths_;
  NameTable algorithms_;
  std::array<bool, 256> phases_seen_{};
  std::int64_t end_ = 0;
  std::int64_t latest_phase_end_ = 0;
  int exit_code_ = 0;
  std::optional<mpi::RunFailure> failure_;
  std::uint64_t repaired_ = 0;
  bool has_call_sites_ = false;
};

}  // namespace xo::tracer
