#include "xo/tracer/otf2_writer.hpp"

#include <cassert>
#include <filesystem>
#include <stdexcept>

#include "archive_properties.hpp"
#include "archive_writer.hpp"
#include "profile_recorder.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

namespace {

// Checked before the run, so that a long run is not lost to a directory OTF2 cannot use.
void require_usable_directory(const std::string& dir) {
  const std::string intro = "cannot write the OTF2 trace in " + dir + ": ";
  std::error_code error;
  const auto status = std::filesystem::status(dir, error);
  if (!std::filesystem::exists(status)) throw std::runtime_error(intro + "no such directory; create it first");
  if (!std::filesystem::is_directory(status)) {
    throw std::runtime_error(intro + "it is not a directory; give a directory for the archive");
  }
  if (std::filesystem::exists(std::filesystem::path(dir) / "traces.otf2", error)) {
    throw std::runtime_error(intro + "it already holds a trace (traces.otf2); choose another directory or remove it");
  }
}

}  // namespace

Otf2Writer::Otf2Writer(std::string archive_dir, Otf2WriterOptions options)
    : archive_dir_(std::move(archive_dir)),
      options_(std::move(options)),
      recorder_(std::make_unique<TraceRecorder>()),
      profile_(std::make_unique<ProfileRecorder>()) {
  require_usable_directory(archive_dir_);
}

Otf2Writer::~Otf2Writer() = default;

void Otf2Writer::run_started(const mpi::RunInfo& info) {
  recorder_->run_started(info);
  profile_->run_started(info);
  if (options_.filter.ranks) {
    untraced_.resize(static_cast<std::size_t>(info.ranks));
    for (int rank = 0; rank < info.ranks; ++rank)
      untraced_[static_cast<std::size_t>(rank)] = !options_.filter.traces_rank(rank);
  }
}
void Otf2Writer::comm_defined(const mpi::CommInfo& comm) {
  recorder_->comm_defined(comm);
  profile_->comm_defined(comm);
}
void Otf2Writer::comm_named(int, int comm_id, const std::string& name) { recorder_->comm_named(comm_id, name); }

void Otf2Writer::call_entered(int rank, const char* call, std::int64_t time_ps, std::uintptr_t call_site) {
  profile_->call_entered(rank, call, time_ps);
  if (untraced(rank)) return;
  recorder_->call_entered(rank, call, time_ps, call_site);
}
void Otf2Writer::call_left(int rank, const char* call, std::int64_t time_ps) {
  profile_->call_left(rank, time_ps);
  if (untraced(rank)) return;
  recorder_->call_left(rank, call, time_ps);
}

void Otf2Writer::send(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) {
  profile_->message(rank, m, true);
  if (untraced(rank)) return;
  recorder_->message(rank, RankEventKind::Send, m, time_ps);
}
void Otf2Writer::send_complete(int rank, std::int64_t time_ps, std::int64_t buffer_free_ps) {
  if (untraced(rank)) return;
  recorder_->send_complete(rank, time_ps, buffer_free_ps);
}
void Otf2Writer::isend(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) {
  profile_->message(rank, m, true);
  if (untraced(rank)) return;
  recorder_->message(rank, RankEventKind::Isend, m, time_ps);
}
void Otf2Writer::recv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) {
  profile_->message(rank, m, false);
  if (untraced(rank)) return;
  recorder_->message(rank, RankEventKind::Recv, m, time_ps);
}
void Otf2Writer::irecv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps, std::int64_t arrived_ps) {
  profile_->message(rank, m, false);
  if (untraced(rank)) return;
  recorder_->irecv(rank, m, time_ps, arrived_ps);
}
void Otf2Writer::isend_complete(int rank, std::uint64_t request_id, std::int64_t time_ps, std::int64_t buffer_free_ps) {
  if (untraced(rank)) return;
  recorder_->isend_complete(rank, request_id, time_ps, buffer_free_ps);
}
void Otf2Writer::irecv_request(int rank, std::uint64_t request_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->request(rank, RankEventKind::IrecvRequest, request_id, time_ps);
}
void Otf2Writer::request_cancelled(int rank, std::uint64_t request_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->request(rank, RankEventKind::RequestCancelled, request_id, time_ps);
}

void Otf2Writer::collective_begin(int rank, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->collective_begin(rank, time_ps);
}
void Otf2Writer::collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps) {
  profile_->collective_end(rank, c, time_ps);
  if (untraced(rank)) return;
  recorder_->collective_end(rank, c, time_ps);
}
void Otf2Writer::collective_request(int rank, std::uint64_t request_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->collective_request(rank, request_id, time_ps);
}
void Otf2Writer::collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t request_id,
                                     std::int64_t time_ps) {
  profile_->collective_end(rank, c, time_ps);
  if (untraced(rank)) return;
  recorder_->collective_complete(rank, c, request_id, time_ps);
}
void Otf2Writer::comm_created(int rank, int comm_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->comm_created(rank, comm_id, time_ps);
}
void Otf2Writer::comm_destroyed(int rank, int comm_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->comm_destroyed(rank, comm_id, time_ps);
}
void Otf2Writer::window_defined(const mpi::WindowInfo& window) { recorder_->window_defined(window); }
void Otf2Writer::window_created(int rank, int window_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->window_created(rank, window_id, time_ps);
}
void Otf2Writer::window_destroyed(int rank, int window_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->window_destroyed(rank, window_id, time_ps);
}
void Otf2Writer::rma_operation(int rank, const mpi::RmaOperation& op, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_operation(rank, op, time_ps);
}
void Otf2Writer::rma_operation_complete(int rank, int window_id, std::uint64_t matching_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_operation_complete(rank, window_id, matching_id, time_ps);
}
void Otf2Writer::rma_fence_begin(int rank, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_fence_begin(rank, time_ps);
}
void Otf2Writer::rma_fence_end(int rank, int window_id, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_fence_end(rank, window_id, time_ps);
}
void Otf2Writer::rma_group_sync(int rank, int window_id, const std::vector<int>& world_ranks, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_group_sync(rank, window_id, world_ranks, time_ps);
}
void Otf2Writer::rma_lock(int rank, const mpi::RmaLockEvent& lock, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_lock(rank, lock, time_ps);
}
void Otf2Writer::rma_flush(int rank, int window_id, int target, std::int64_t time_ps) {
  if (untraced(rank)) return;
  recorder_->rma_flush(rank, window_id, target, time_ps);
}
void Otf2Writer::phase(const mpi::PhaseRecord& p) {
  profile_->phase(p);
  if (untraced(p.from_world_rank)) return;
  recorder_->phase(p);
}
void Otf2Writer::run_failed(const mpi::RunFailure& failure) { recorder_->run_failed(failure); }
void Otf2Writer::run_finished(std::int64_t end_ps, int exit_code) {
  recorder_->run_finished(end_ps, exit_code);
  profile_->run_finished(end_ps);
}

void Otf2Writer::finish() {
  assert(recorder_->started() && !finished_ && "finish() once, after the run started");
  if (finished_) return;
  finished_ = true;
  events_written_ = write_archive(archive_dir_, options_, *recorder_);
  // The profile of the whole run, whatever the trace filter left out (run_profile.hpp).
  const std::optional<int> exit_code =
      recorder_->finished() ? std::optional<int>(recorder_->exit_code()) : std::nullopt;
  try {
    profile_->write(archive_dir_, run_properties(recorder_->info(), options_, exit_code, recorder_->failure()));
  } catch (const std::runtime_error& error) {
    throw std::runtime_error("the trace is written in " + archive_dir_ + ", but not its profile: " + error.what());
  }
}

std::uint64_t Otf2Writer::repaired_events() const { return recorder_->repaired_events(); }

}  // namespace xo::tracer
