#pragma once
// The OTF2 3.x trace of a simulated run: a RunObserver that buffers every event in memory while
// the run goes on (no OTF2 call, no file; records go into per-rank logs in an arena) and writes
// the whole archive when finish() is called, after the run.
//
//   <dir>/traces.otf2   anchor file (Score-P's layout)
//   <dir>/traces.def    global definitions
//   <dir>/traces/       one event file (and an empty local definition file) per location
//
// What the archive holds (see README.md in tracer/ for the reasoning):
//   - a location per rank ("MPI Rank 3", id = world rank) with its MPI calls as Enter/Leave of one
//     region per call name (paradigm MPI) and OTF2's MPI events inside them;
//   - "network" locations per rank (ids from the rank count on, in rank order) with the rank's
//     protocol phases as Enter/Leave of one region per phase name, spread over as many lanes as
//     the rank had phases in flight at once;
//   - communicators, a system tree (machine, nodes), clock properties in picoseconds and the run's
//     settings as archive properties (trace_properties.hpp).
// The same sequence of observer calls gives byte-identical files. Like the simulation that calls
// it, a writer is used by one thread.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xo/reference_mpi/run_observer.hpp"
#include "xo/tracer/trace_filter.hpp"

namespace xo::tracer {

class TraceRecorder;
class ProfileRecorder;

struct Otf2WriterOptions {
  std::string creator;       // the tool and its version, "xo 0.1.0"
  std::string command_line;  // how the run was started, as the user typed it
  TraceFilter filter{};      // what of the run to trace (trace_filter.hpp); by default all of it
};

class Otf2Writer final : public mpi::RunObserver {
 public:
  // `archive_dir` must be an existing directory without a traces.otf2 in it (the front end makes
  // it); throws std::runtime_error naming the directory and the fix if it is not.
  Otf2Writer(std::string archive_dir, Otf2WriterOptions options);
  // Destroying a writer that was not finished writes nothing.
  ~Otf2Writer() override;
  Otf2Writer(const Otf2Writer&) = delete;
  Otf2Writer& operator=(const Otf2Writer&) = delete;

  void run_started(const mpi::RunInfo& info) override;
  void comm_defined(const mpi::CommInfo& comm) override;
  void comm_named(int rank, int comm_id, const std::string& name) override;
  void call_entered(int rank, const char* call, std::int64_t time_ps, std::uintptr_t call_site) override;
  void call_left(int rank, const char* call, std::int64_t time_ps) override;
  void send(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void send_complete(int rank, std::int64_t time_ps, std::int64_t buffer_free_ps) override;
  void isend(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void isend_complete(int rank, std::uint64_t request_id, std::int64_t time_ps, std::int64_t buffer_free_ps) override;
  void irecv_request(int rank, std::uint64_t request_id, std::int64_t time_ps) override;
  void recv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps) override;
  void irecv(int rank, const mpi::MessageEvent& m, std::int64_t time_ps, std::int64_t arrived_ps) override;
  void request_cancelled(int rank, std::uint64_t request_id, std::int64_t time_ps) override;
  void collective_begin(int rank, std::int64_t time_ps) override;
  void collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t time_ps) override;
  void collective_request(int rank, std::uint64_t request_id, std::int64_t time_ps) override;
  void collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t request_id,
                           std::int64_t time_ps) override;
  void comm_created(int rank, int comm_id, std::int64_t time_ps) override;
  void comm_destroyed(int rank, int comm_id, std::int64_t time_ps) override;
  void window_defined(const mpi::WindowInfo& window) override;
  void window_created(int rank, int window_id, std::int64_t time_ps) override;
  void window_destroyed(int rank, int window_id, std::int64_t time_ps) override;
  void rma_operation(int rank, const mpi::RmaOperation& op, std::int64_t time_ps) override;
  void rma_operation_complete(int rank, int window_id, std::uint64_t matching_id, std::int64_t time_ps) override;
  void rma_fence_begin(int rank, std::int64_t time_ps) override;
  void rma_fence_end(int rank, int window_id, std::int64_t time_ps) override;
  void rma_group_sync(int rank, int window_id, const std::vector<int>& world_ranks, std::int64_t time_ps) override;
  void rma_lock(int rank, const mpi::RmaLockEvent& lock, std::int64_t time_ps) override;
  void rma_flush(int rank, int window_id, int target, std::int64_t time_ps) override;
  void phase(const mpi::PhaseRecord& p) override;
  // Only note why the run failed, its end time and exit code: the archive is written by finish().
  void run_failed(const mpi::RunFailure& failure) override;
  void run_finished(std::int64_t end_ps, int exit_code) override;

  // Writes the archive, once, after the run (run_started must have been called). A run that did
  // not end cleanly still gives a valid trace: calls still open are left at the end time. Throws
  // std::runtime_error, one line naming the directory and OTF2's reason, if OTF2 fails.
  // Not to be called while another thread uses OTF2: it routes OTF2's process-wide error handler
  // into the exception while it runs.
  void finish();

  // Events in the archive, every location (0 before finish()).
  std::uint64_t events_written() const { return events_written_; }
  // Events the writer repaired or left out because the caller broke the RunObserver contract (a
  // rank's events going back in time, a phase ending before it starts, a Leave without its call,
  // the end of a collective that did not begin or whose operation OTF2 has no name for, the
  // completion of a nonblocking collective that did not start): a bug to fix in the caller. Debug
  // builds assert instead.
  std::uint64_t repaired_events() const;

 private:
  std::string archive_dir_;
  Otf2WriterOptions options_;
  // Ranks the filter leaves out, whose events are dropped as they come (empty: none).
  bool untraced(int rank) const { return !untraced_.empty() && untraced_[static_cast<std::size_t>(rank)]; }

  std::unique_ptr<TraceRecorder> recorder_;
  std::unique_ptr<ProfileRecorder> profile_;  // of every rank, written beside the trace
  std::vector<bool> untraced_;
  bool finished_ = false;
  std::uint64_t events_written_ = 0;
};

}  // namespace xo::tracer
