// Collectives on an intercommunicator in which every process of both groups gives and gets data:
// each group works inside itself, the leaders (local rank 0) exchange for the group, and a local
// step hands the result on. Alltoall(v) pairs every process with every remote one directly.

#include <array>

#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/inter_collective.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;
constexpr int kLeader = 0;

std::int64_t bytes_of(const std::vector<std::byte>& v) { return static_cast<std::int64_t>(v.size()); }

}  // namespace

// No process leaves before every process of the other group has entered: each group's barrier
// completes before its leader tells the other leader, whose word is then broadcast in its group.
void inter_barrier(CollectiveRun& run) {
  CollectiveRun local = local_step(run, Op::Barrier);
  run_collective(local);
  std::array<std::byte, 1> out{}, in{};
  if (run.rank == kLeader) run.exchange(out.data(), 0, kLeader, in.data(), 0, kLeader);
  std::vector<std::byte> none;
  local_bcast(run, none);
}

// Every process sends its block to the remote leader, which knows every block's size from its own
// receive counts; each leader then broadcasts the remote group's blocks in its group.
void inter_allgather(CollectiveRun& run) {
  Request* mine = run.isend(run.send.data(), bytes_of(run.send), kLeader);
  if (run.rank == kLeader) {
    std::vector<Request*> receives;
    for (std::size_t i = 0; i < run.block_bytes.size(); ++i) {
      receives.push_back(run.irecv(run.recv.data() + run.block_offset[i], run.block_bytes[i], static_cast<int>(i)));
    }
    run.wait_all(receives);
  }
  run.wait(mine);
  local_bcast(run, run.recv);
}

// Each process receives from every remote process and sends to every one, starting at its own
// rank so that the remote processes are not all addressed in the same order.
void inter_alltoall(CollectiveRun& run) {
  const int remote = static_cast<int>(run.block_bytes.size());
  std::vector<Request*> requests;
  for (int step = 0; step < remote; ++step) {
    const auto i = static_cast<std::size_t>((run.rank + step) % remote);
    requests.push_back(run.irecv(run.recv.data() + run.block_offset[i], run.block_bytes[i], static_cast<int>(i)));
  }
  for (int step = 0; step < remote; ++step) {
    const auto i = static_cast<std::size_t>((run.rank + step) % remote);
    requests.push_back(run.isend(run.send.data() + run.send_offset[i], run.send_bytes[i], static_cast<int>(i)));
  }
  run.wait_all(requests);
}

// Each group reduces at its leader, the leaders swap their groups' results, and each broadcasts
// the other group's result in its group.
void inter_allreduce(CollectiveRun& run) {
  const std::vector<std::byte> reduced = reduce_to_leader(run);
  if (run.rank == kLeader)
    run.exchange(reduced.data(), bytes_of(reduced), kLeader, run.recv.data(), bytes_of(run.recv), kLeader);
  local_bcast(run, run.recv);
}

// As allreduce, but the leader scatters the other group's result by its group's recv_counts.
void inter_reduce_scatter(CollectiveRun& run) {
  const std::vector<std::byte> reduced = reduce_to_leader(run);
  CollectiveRun local = local_step(run, Op::Scatterv);
  local.root = kLeader;
  local.recv.resize(run.recv.size());
  if (run.rank == kLeader) {
    local.send.resize(reduced.size());
    run.exchange(reduced.data(), bytes_of(reduced), kLeader, local.send.data(), bytes_of(local.send), kLeader);
    std::int64_t offset = 0;
    for (std::int64_t elements : run.recv_counts) {
      local.block_offset.push_back(offset);
      local.block_bytes.push_back(elements * run.element_bytes());
      offset += elements * run.element_bytes();
    }
  }
  run_collective(local);
  run.recv = std::move(local.recv);
}

}  // namespace xo::mpi
