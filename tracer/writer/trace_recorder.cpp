#include "trace_recorder.hpp"

#include <algorithm>
#include <limits>

#include "mpi_call_kind.hpp"

namespace xo::tracer {

namespace {

// CollectiveEvent::root as OTF2_Events.h records it.
std::uint32_t otf2_root(int root) {
  if (root == mpi::CollectiveEvent::kRootSelf) return OTF2_COLLECTIVE_ROOT_SELF;
  if (root == mpi::CollectiveEvent::kRootThisGroup) return OTF2_COLLECTIVE_ROOT_THIS_GROUP;
  return root < 0 ? OTF2_COLLECTIVE_ROOT_NONE : static_cast<std::uint32_t>(root);
}

}  // namespace

void TraceRecorder::run_started(const mpi::RunInfo& info) {
  assert(!started_ && "one run per writer");
  info_ = info;
  ranks_.resize(static_cast<std::size_t>(std::max(info.ranks, 0)));
  started_ = true;
}

// Communicator ids are context ids (run_observer.hpp), which the reference MPI numbers from 1 as
// communicators are made, so a flat table indexed by id keeps what is known of each.
void TraceRecorder::comm_defined(const mpi::CommInfo& comm) {
  assert(comm.id > 0 && "communicator ids are positive");
  const auto id = static_cast<std::size_t>(comm.id);
  if (id >= comm_states_.size()) comm_states_.resize(id + 1);
  assert(!comm_states_[id].defined && "a communicator is defined once");
  comm_states_[id].defined = true;
  comms_.push_back(comm);
}

void TraceRecorder::comm_named(int comm_id, const std::string& name) {
  const auto id = static_cast<std::size_t>(comm_id);
  if (id >= comm_states_.size() || !comm_states_[id].defined || comm_states_[id].named) return;
  comm_states_[id].named = true;
  for (mpi::CommInfo& comm : comms_) {
    if (comm.id == comm_id) comm.name = name;
  }
}

bool TraceRecorder::has_handle_events(int comm_id) const {
  const auto id = static_cast<std::size_t>(comm_id);
  return id < comm_states_.size() && comm_states_[id].handle_events;
}

void TraceRecorder::collective_begin(int rank, std::int64_t time) {
  RankLog& log = log_of(rank);
  assert(log.open_collective == nullptr && "collectives do not nest");
  log.open_collective = &append(log, time, RankEventKind::CollectiveBegin);
}

void TraceRecorder::collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time) {
  RankLog& log = log_of(rank);
  const std::optional<OTF2_CollectiveOp> op = mpi_call_kind(c.call).collective;
  assert(op && log.open_collective != nullptr && "a collective of MPI's ends once begun");
  if (!op || log.open_collective == nullptr) [[unlikely]] {
    // Without its operation or its begin, OTF2 has no way to say it: leave the pair out.
    if (log.open_collective != nullptr) log.open_collective->kind = RankEventKind::Omitted;
    log.open_collective = nullptr;
    ++repaired_;
    return;
  }
  append_collective_result(log, time, RankEventKind::CollectiveEnd, *op, c);
  log.open_collective = nullptr;
}

void TraceRecorder::collective_request(int rank, std::uint64_t request_id, std::int64_t time) {
  RankLog& log = log_of(rank);
  log.pending_collectives.push_back({request_id, &append(log, time, RankEventKind::CollectiveRequest, request_id)});
}

// OTF2 names a nonblocking collective's operation by its blocking twin (MPI_Ibcast is BCAST), as
// Score-P does; the region of the call that started it tells the two apart.
void TraceRecorder::collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t request_id,
                                        std::int64_t time) {
  RankLog& log = log_of(rank);
  std::vector<PendingCollective>& pending = log.pending_collectives;
  const auto started = std::find_if(pending.begin(), pending.end(),
                                    [&](const PendingCollective& p) { return p.request_id == request_id; });
  const bool found = started != pending.end();
  const std::optional<OTF2_CollectiveOp> op = mpi_call_kind(c.call).collective;
  assert(op && found && "a nonblocking collective of MPI's completes once started");
  if (found) {
    if (!op) started->request->kind = RankEventKind::Omitted;
    *started = pending.back();
    pending.pop_back();
  }
  if (!op || !found) [[unlikely]] {
    // As for collective_end: OTF2 cannot say it without its operation or its request.
    ++repaired_;
    return;
  }
  append_collective_result(log, time, RankEventKind::CollectiveComplete, *op, c);
  log.events.append(arena_, {log.last_time, request_id, 0, 0, 0, RankEventKind::Extension});
}

void TraceRecorder::append_collective_result(RankLog& log, std::int64_t time, RankEventKind kind, OTF2_CollectiveOp op,
                                             const mpi::CollectiveEvent& c) {
  const std::uint32_t algorithm = c.algorithm.empty() ? kNoName : algorithms_.intern(c.algorithm);
  append(log, time, kind, static_cast<std::uint64_t>(c.bytes_sent), op, static_cast<std::uint32_t>(c.comm_id),
         otf2_root(c.root));
  log.events.append(
      arena_, {log.last_time, static_cast<std::uint64_t>(c.bytes_received), algorithm, 0, 0, RankEventKind::Extension});
}

// OTF2 requires a CommCreate (CommDestroy) inside an MpiCollectiveBegin/End pair of operation
// CREATE_HANDLE (DESTROY_HANDLE) and the communicator's definition to be flagged for them
// (OTF2_Events.h). The run reports the creation alone, so the pair is made here, on the new (the
// freed) communicator: those are the ranks that report it, where MPI_Comm_split's parent would
// also hold ranks that got MPI_COMM_NULL and report nothing. A caller that already opened the
// collective gets only the CommCreate.
void TraceRecorder::comm_created(int rank, int comm_id, std::int64_t time) {
  comm_handle_event(rank, comm_id, time, RankEventKind::CommCreate, OTF2_COLLECTIVE_OP_CREATE_HANDLE);
}

void TraceRecorder::comm_destroyed(int rank, int comm_id, std::int64_t time) {
  comm_handle_event(rank, comm_id, time, RankEventKind::CommDestroy, OTF2_COLLECTIVE_OP_DESTROY_HANDLE);
}

void TraceRecorder::comm_handle_event(int rank, int comm_id, std::int64_t time, RankEventKind kind,
                                      OTF2_CollectiveOp op) {
  RankLog& log = log_of(rank);
  const auto comm = static_cast<std::uint32_t>(comm_id);
  assert(comm < comm_states_.size() && comm_states_[comm].defined && "a communicator is defined before its events");
  if (comm < comm_states_.size()) comm_states_[comm].handle_events = true;
  if (log.open_collective != nullptr) {
    append(log, time, kind, 0, 0, comm);
    return;
  }
  append(log, time, RankEventKind::CollectiveBegin);
  append(log, time, kind, 0, 0, comm);
  append(log, time, RankEventKind::CollectiveEnd, 0, op, comm, OTF2_COLLECTIVE_ROOT_NONE);
  log.events.append(arena_, {log.last_time, 0, kNoName, 0, 0, RankEventKind::Extension});
}

void TraceRecorder::phase(const mpi::PhaseRecord& p) {
  RankLog& log = log_of(p.from_world_rank);
  std::int64_t end = p.end_ps;
  if (end < p.start_ps) [[unlikely]] {
    assert(false && "a phase ends after it starts");
    ++repaired_;
    end = p.start_ps;
  }
  const std::uint32_t path = paths_.intern(p.path);
  assert(path <= std::numeric_limits<std::uint16_t>::max() && "a machine has a handful of protocol paths");
  log.phases.append(arena_, {p.start_ps, end, p.bytes, p.to_world_rank, static_cast<std::uint16_t>(path), p.phase});
  phases_seen_[static_cast<std::size_t>(p.phase)] = true;
  latest_phase_end_ = std::max(latest_phase_end_, end);
}

void TraceRecorder::window_defined(const mpi::WindowInfo& window) { windows_.push_back(window); }

bool TraceRecorder::has_window_events(int window_id) const {
  return std::binary_search(windows_with_events_.begin(), windows_with_events_.end(), window_id);
}

// As for communicators (comm_handle_event): OTF2 wants an RmaWinCreate (RmaWinDestroy) inside an
// RMA collective of operation CREATE_HANDLE (DESTROY_HANDLE), and the window flagged for them.
void TraceRecorder::window_created(int rank, int window_id, std::int64_t time) {
  window_handle_event(rank, window_id, time, RankEventKind::RmaWinCreate, OTF2_COLLECTIVE_OP_CREATE_HANDLE);
}

void TraceRecorder::window_destroyed(int rank, int window_id, std::int64_t time) {
  window_handle_event(rank, window_id, time, RankEventKind::RmaWinDestroy, OTF2_COLLECTIVE_OP_DESTROY_HANDLE);
}

void TraceRecorder::window_handle_event(int rank, int window_id, std::int64_t time, RankEventKind kind,
                                        OTF2_CollectiveOp op) {
  RankLog& log = log_of(rank);
  const auto at = std::lower_bound(windows_with_events_.begin(), windows_with_events_.end(), window_id);
  if (at == windows_with_events_.end() || *at != window_id) windows_with_events_.insert(at, window_id);
  const auto window = static_cast<std::uint32_t>(window_id);
  append(log, time, RankEventKind::RmaCollectiveBegin);
  append(log, time, kind, 0, 0, window);
  append(log, time, RankEventKind::RmaCollectiveEnd, 0, op, window);
}

void TraceRecorder::rma_operation(int rank, const mpi::RmaOperation& op, std::int64_t time) {
  RankLog& log = log_of(rank);
  const auto target = static_cast<std::uint32_t>(op.target);
  const auto window = static_cast<std::uint32_t>(op.window_id);
  const auto received = static_cast<std::uint64_t>(op.bytes_received);
  switch (op.kind) {
    case mpi::RmaKind::Put:
      append(log, time, RankEventKind::RmaPut, static_cast<std::uint64_t>(op.bytes_sent), target, window);
      break;
    case mpi::RmaKind::Get: append(log, time, RankEventKind::RmaGet, received, target, window); break;
    default: {
      const OTF2_RmaAtomicType type = op.kind == mpi::RmaKind::CompareAndSwap ? OTF2_RMA_ATOMIC_TYPE_COMPARE_AND_SWAP
                                      : op.kind == mpi::RmaKind::Accumulate   ? OTF2_RMA_ATOMIC_TYPE_ACCUMULATE
                                                                            : OTF2_RMA_ATOMIC_TYPE_FETCH_AND_ACCUMULATE;
      append(log, time, RankEventKind::RmaAtomic, static_cast<std::uint64_t>(op.bytes_sent), target, window, type);
    }
  }
  log.events.append(arena_, {log.last_time, op.matching_id, static_cast<std::uint32_t>(received),
                             static_cast<std::uint32_t>(received >> 32), 0, RankEventKind::Extension});
}

void TraceRecorder::rma_group_sync(int rank, int window_id, const std::vector<int>& world_ranks, std::int64_t time) {
  auto [it, added] = rma_group_ids_.try_emplace(world_ranks, static_cast<std::uint32_t>(rma_groups_.size()));
  if (added) rma_groups_.push_back(world_ranks);
  append(log_of(rank), time, RankEventKind::RmaGroupSync, 0, it->second, static_cast<std::uint32_t>(window_id),
         OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY);
}

void TraceRecorder::run_finished(std::int64_t end, int exit_code) {
  end_ = end;
  exit_code_ = exit_code;
  finished_ = true;
}

std::int64_t TraceRecorder::end_time() const {
  std::int64_t end = std::max(end_, latest_phase_end_);
  for (const RankLog& log : ranks_) end = std::max(end, log.last_time);
  return end;
}

}  // namespace xo::tracer
