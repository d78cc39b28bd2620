// Rooted collectives on an intercommunicator: the root (MPI_ROOT) exchanges with the other group,
// the rest of its group (MPI_PROC_NULL) takes no part. Bcast, scatter and reduce go through the
// other group's leader and a local step; gather through the leader after a local gather; the
// v-variants directly between the root and every remote process, since only the root knows the
// block sizes.

#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/inter_collective.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;
constexpr int kLeader = 0;

std::int64_t bytes_of(const std::vector<std::byte>& v) { return static_cast<std::int64_t>(v.size()); }

}  // namespace

void inter_bcast(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root == MPI_ROOT) {
    run.send_to(run.recv.data(), bytes_of(run.recv), kLeader);
    return;
  }
  if (run.rank == kLeader) run.recv_from(run.recv.data(), bytes_of(run.recv), run.root);
  local_bcast(run, run.recv);
}

void inter_gather(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root == MPI_ROOT) {
    run.recv_from(run.recv.data(), bytes_of(run.recv), kLeader);
    return;
  }
  CollectiveRun local = local_step(run, Op::Gather);
  local.root = kLeader;
  local.send = run.send;
  if (local.rank == kLeader) {
    const std::int64_t block = bytes_of(run.send);  // every member's, as the agreement check made sure
    for (int r = 0; r < local.size; ++r) {
      local.block_offset.push_back(r * block);
      local.block_bytes.push_back(block);
    }
    local.recv.resize(static_cast<std::size_t>(block * local.size));
  }
  run_collective(local);
  if (local.rank == kLeader) run.send_to(local.recv.data(), bytes_of(local.recv), run.root);
}

void inter_gatherv(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root != MPI_ROOT) {
    run.send_to(run.send.data(), bytes_of(run.send), run.root);
    return;
  }
  std::vector<Request*> receives;
  for (std::size_t i = 0; i < run.block_bytes.size(); ++i) {
    receives.push_back(run.irecv(run.recv.data() + run.block_offset[i], run.block_bytes[i], static_cast<int>(i)));
  }
  run.wait_all(receives);
}

void inter_scatter(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root == MPI_ROOT) {
    run.send_to(run.send.data(), bytes_of(run.send), kLeader);
    return;
  }
  CollectiveRun local = local_step(run, Op::Scatter);
  local.root = kLeader;
  local.recv.resize(run.recv.size());
  if (local.rank == kLeader) {
    const std::int64_t block = bytes_of(run.recv);
    for (int r = 0; r < local.size; ++r) {
      local.block_offset.push_back(r * block);
      local.block_bytes.push_back(block);
    }
    local.send.resize(static_cast<std::size_t>(block * local.size));
    run.recv_from(local.send.data(), bytes_of(local.send), run.root);
  }
  run_collective(local);
  run.recv = std::move(local.recv);
}

void inter_scatterv(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root != MPI_ROOT) {
    run.recv_from(run.recv.data(), bytes_of(run.recv), run.root);
    return;
  }
  std::vector<Request*> sends;
  for (std::size_t i = 0; i < run.block_bytes.size(); ++i) {
    sends.push_back(run.isend(run.send.data() + run.block_offset[i], run.block_bytes[i], static_cast<int>(i)));
  }
  run.wait_all(sends);
}

void inter_reduce(CollectiveRun& run) {
  if (run.root == MPI_PROC_NULL) return;
  if (run.root == MPI_ROOT) {
    run.recv_from(run.recv.data(), bytes_of(run.recv), kLeader);
    return;
  }
  const std::vector<std::byte> reduced = reduce_to_leader(run);
  if (run.rank == kLeader) run.send_to(reduced.data(), bytes_of(reduced), run.root);
}

}  // namespace xo::mpi
