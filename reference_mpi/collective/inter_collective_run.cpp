#include <string>

#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/inter_collective.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;

struct InterAlgorithm {
  void (*run)(CollectiveRun&);
  const char* name;
};

// Leaders: the groups meet through local rank 0. Direct: each process exchanges with the remote
// processes it has data for (one root and a whole group, or every pair).
InterAlgorithm algorithm_for(Op op) {
  switch (op) {
    case Op::Barrier: return {inter_barrier, "intercomm_leaders"};
    case Op::Bcast: return {inter_bcast, "intercomm_leaders"};
    case Op::Gather: return {inter_gather, "intercomm_leaders"};
    case Op::Gatherv: return {inter_gatherv, "intercomm_direct"};
    case Op::Scatter: return {inter_scatter, "intercomm_leaders"};
    case Op::Scatterv: return {inter_scatterv, "intercomm_direct"};
    case Op::Allgather:
    case Op::Allgatherv: return {inter_allgather, "intercomm_leaders"};
    case Op::Alltoall:
    case Op::Alltoallv: return {inter_alltoall, "intercomm_direct"};
    case Op::Reduce: return {inter_reduce, "intercomm_leaders"};
    case Op::Allreduce: return {inter_allreduce, "intercomm_leaders"};
    case Op::ReduceScatter: return {inter_reduce_scatter, "intercomm_leaders"};
    case Op::Scan: break;
  }
  throw MpiError(MPI_ERR_COMM, std::string(hw::collective_name(op)) +
                                   " is not defined on an intercommunicator; call it on an intracommunicator "
                                   "(MPI_Intercomm_merge makes one of both groups)");
}

// CollectiveEvent::root as OTF2 records an intercommunicator's root (OTF2_Events.h).
int traced_root(const CollectiveRun& run) {
  if (!rooted(run.op)) return -1;
  if (run.root == MPI_ROOT) return CollectiveEvent::kRootSelf;
  if (run.root == MPI_PROC_NULL) return CollectiveEvent::kRootThisGroup;
  return run.root;
}

}  // namespace

CollectiveRun local_step(CollectiveRun& inter, Op op) {
  CollectiveRun local(inter.world, *inter.comm.local, inter.handle, op, inter.call);
  local.checked = true;
  local.reduction = inter.reduction;
  local.predefined_op = inter.predefined_op;
  local.type = inter.type;
  local.type_handle = inter.type_handle;
  local.count = inter.count;
  return local;
}

void local_bcast(CollectiveRun& inter, std::vector<std::byte>& data) {
  CollectiveRun local = local_step(inter, Op::Bcast);
  local.root = 0;
  local.recv = std::move(data);
  run_collective(local);
  data = std::move(local.recv);
}

std::vector<std::byte> reduce_to_leader(CollectiveRun& inter) {
  CollectiveRun local = local_step(inter, Op::Reduce);
  local.root = 0;
  local.send = inter.send;
  local.recv.resize(inter.send.size());
  run_collective(local);
  if (local.rank != 0) return {};
  return std::move(local.recv);
}

void run_inter_collective(CollectiveRun& run, const InterCallShape& shape) {
  const InterAlgorithm algorithm = algorithm_for(run.op);
  CollectiveMeetingPoints::of(run.world).inter_ledger.check(run, shape.out_block, shape.in_block);
  run.checked = true;
  RunObserver* observer = run.world.observer();
  const int me = run.self.world_rank;
  // A nonblocking collective's twin: the rank's timeline shows its request and completion instead.
  if (observer != nullptr && !run.world.running_task()) observer->collective_begin(me, run.world.engine().now());
  auto report_end = [&] {
    if (observer == nullptr) return;
    CollectiveEvent event;
    event.call = run.call;
    event.comm_id = run.comm.shared->context;
    event.root = traced_root(run);
    event.bytes_sent = shape.bytes_sent;
    event.bytes_received = shape.bytes_received;
    event.algorithm = algorithm.name;
    if (keep_background_event(event)) return;
    observer->collective_end(me, event, run.world.engine().now());
  };
  try {
    algorithm.run(run);
  } catch (const MpiError&) {
    report_end();  // under MPI_ERRORS_RETURN the program goes on: the trace must show the call ended
    throw;
  }
  report_end();
}

}  // namespace xo::mpi
