#pragma once
// Runs an MPI program in-process on a simulated machine with the OTF2 writer attached, and keeps
// what the run told its observer, so that tests can hold what the trace model read against what
// the simulation did without going through the model.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../../reference_mpi/simulate.hpp"
#include "support/scratch_dir.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/reference_mpi/run_observer.hpp"
#include "xo/reference_mpi/simulation.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::test {

// Every observer call goes to the writer, and what a test checks is kept too.
class TeeObserver final : public mpi::RunObserver {
 public:
  struct Call {
    std::string name;
    std::int64_t enter_ps;
    std::int64_t leave_ps;
  };
  struct CollectiveEnd {
    int rank;
    std::string call;
    int comm_id;
    int root;
    std::int64_t sent;
    std::int64_t received;
    std::string algorithm;
    std::int64_t begin_ps;
    std::int64_t end_ps;
  };
  struct Phase {
    int rank;
    std::string name;
    std::string protocol;
    int peer;
    std::int64_t bytes;
    std::int64_t start_ps;
    std::int64_t end_ps;
  };

  explicit TeeObserver(mpi::RunObserver& writer) : writer_(writer) {}

  mpi::RunInfo info;
  std::map<int, std::vector<Call>> calls;  // by rank, in order
  std::vector<CollectiveEnd> collectives;
  std::vector<Phase> phases;
  std::map<int, mpi::CommInfo> comms;  // by id
  int messages_sent = 0;

  void run_started(const mpi::RunInfo& i) override {
    info = i;
    writer_.run_started(i);
  }
  void comm_defined(const mpi::CommInfo& c) override {
    comms[c.id] = c;
    writer_.comm_defined(c);
  }
  void call_entered(int rank, const char* call, std::int64_t t, std::uintptr_t site) override {
    calls[rank].push_back({call, t, -1});
    writer_.call_entered(rank, call, t, site);
  }
  void call_left(int rank, const char* call, std::int64_t t) override {
    calls[rank].back().leave_ps = t;
    writer_.call_left(rank, call, t);
  }
  void send(int rank, const mpi::MessageEvent& m, std::int64_t t) override {
    ++messages_sent;
    writer_.send(rank, m, t);
  }
  void isend(int rank, const mpi::MessageEvent& m, std::int64_t t) override {
    ++messages_sent;
    writer_.isend(rank, m, t);
  }
  void isend_complete(int rank, std::uint64_t id, std::int64_t t, std::int64_t free) override {
    writer_.isend_complete(rank, id, t, free);
  }
  void irecv_request(int rank, std::uint64_t id, std::int64_t t) override { writer_.irecv_request(rank, id, t); }
  void recv(int rank, const mpi::MessageEvent& m, std::int64_t t) override { writer_.recv(rank, m, t); }
  void irecv(int rank, const mpi::MessageEvent& m, std::int64_t t, std::int64_t arrived) override {
    writer_.irecv(rank, m, t, arrived);
  }
  void request_cancelled(int rank, std::uint64_t id, std::int64_t t) override {
    writer_.request_cancelled(rank, id, t);
  }
  void collective_begin(int rank, std::int64_t t) override {
    begin_[rank] = t;
    writer_.collective_begin(rank, t);
  }
  void collective_end(int rank, const mpi::CollectiveEvent& c, std::int64_t t) override {
    collectives.push_back(
        {rank, c.call, c.comm_id, c.root, c.bytes_sent, c.bytes_received, c.algorithm, begin_[rank], t});
    writer_.collective_end(rank, c, t);
  }
  void collective_request(int rank, std::uint64_t id, std::int64_t t) override {
    writer_.collective_request(rank, id, t);
  }
  void collective_complete(int rank, const mpi::CollectiveEvent& c, std::uint64_t id, std::int64_t t) override {
    writer_.collective_complete(rank, c, id, t);
  }
  void comm_created(int rank, int id, std::int64_t t) override { writer_.comm_created(rank, id, t); }
  void comm_destroyed(int rank, int id, std::int64_t t) override { writer_.comm_destroyed(rank, id, t); }
  void window_defined(const mpi::WindowInfo& window) override { writer_.window_defined(window); }
  void window_created(int rank, int id, std::int64_t t) override { writer_.window_created(rank, id, t); }
  void window_destroyed(int rank, int id, std::int64_t t) override { writer_.window_destroyed(rank, id, t); }
  void rma_operation(int rank, const mpi::RmaOperation& op, std::int64_t t) override {
    writer_.rma_operation(rank, op, t);
  }
  void rma_operation_complete(int rank, int id, std::uint64_t matching, std::int64_t t) override {
    writer_.rma_operation_complete(rank, id, matching, t);
  }
  void rma_fence_begin(int rank, std::int64_t t) override { writer_.rma_fence_begin(rank, t); }
  void rma_fence_end(int rank, int id, std::int64_t t) override { writer_.rma_fence_end(rank, id, t); }
  void rma_group_sync(int rank, int id, const std::vector<int>& group, std::int64_t t) override {
    writer_.rma_group_sync(rank, id, group, t);
  }
  void rma_lock(int rank, const mpi::RmaLockEvent& lock, std::int64_t t) override { writer_.rma_lock(rank, lock, t); }
  void rma_flush(int rank, int id, int target, std::int64_t t) override { writer_.rma_flush(rank, id, target, t); }
  void phase(const mpi::PhaseRecord& p) override {
    phases.push_back({p.from_world_rank, mpi::phase_name(p.phase), std::string(p.path), p.to_world_rank, p.bytes,
                      p.start_ps, p.end_ps});
    writer_.phase(p);
  }
  void run_finished(std::int64_t end, int code) override { writer_.run_finished(end, code); }

 private:
  mpi::RunObserver& writer_;
  std::map<int, std::int64_t> begin_;
};

// A run's archive (removed with the object) and what the run told its observer.
struct TracedRun {
  ScratchDir dir;
  std::string anchor;
  std::unique_ptr<TeeObserver> seen;
  int exit_code = -1;
};

// Runs `body(rank)` between MPI_Init and MPI_Finalize on `ranks` ranks of `machine`, with the
// machine's environment variables taken from `env` (defaults otherwise), and writes the trace.
inline std::unique_ptr<TracedRun> traced_run(const std::string& machine, int ranks,
                                             const std::function<void(int rank)>& body,
                                             std::map<std::string, std::string> env = {},
                                             mpi::ComputeMode compute = mpi::ComputeMode::None) {
  auto run = std::make_unique<TracedRun>();
  tracer::Otf2Writer writer(run->dir.path(), {"xo test", "traced_run"});
  run->seen = std::make_unique<TeeObserver>(writer);
  mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.compute = compute;
  options.stack_bytes = 256 * 1024;
  options.observer = run->seen.get();
  options.env_lookup = hw::lookup_in(env);  // env outlives the run
  const auto result = run_ranks(options, body);
  run->exit_code = result.exit_code;
  writer.finish();
  run->anchor = run->dir.path() + "/traces.otf2";
  return run;
}

}  // namespace xo::test
