#include "selective_broadcast.hpp"

#include <algorithm>
#include <cstring>

#include "../core/world.hpp"
#include "algorithms.hpp"
#include "block_table.hpp"
#include "collective_dispatch.hpp"
#include "collective_run.hpp"
#include "tree_shape.hpp"

namespace xo::mpi {

std::vector<std::byte> selective_broadcast(CollectiveRun& run, int from, std::vector<std::byte> data,
                                           std::int64_t network_bytes, std::int64_t part_bytes) {
  const hw::CollectiveHardware& hw = run.world.machine().collective_hardware();
  HardwareBoard& board = run.world.board();
  sim::Engine& engine = run.world.engine();
  std::vector<std::byte> result;
  if (run.rank == from) {
    engine.sync();  // take the network in virtual-time order
    const sim::Time now = engine.now();
    const sim::Time start = std::max(now, board.broadcast_free_at);
    const sim::Time done =
        start + sim::seconds_to_time(hw.broadcast_startup + static_cast<double>(network_bytes) * hw.broadcast_per_byte);
    board.broadcast_free_at = done;
    if (start > now) run.record_hardware_phase(Phase::NetworkWait, now, start, network_bytes);
    run.record_hardware_phase(Phase::BroadcastNetwork, start, done, network_bytes);
    result = data;
    board.post(run, std::move(data), done);
    engine.advance(sim::seconds_to_time(hw.broadcast_send_overhead));
  } else {
    result = board.await(run).data;
    const sim::Time copy_start = engine.now();
    engine.advance(sim::seconds_to_time(static_cast<double>(part_bytes) * hw.broadcast_copy_per_byte));
    run.record_hardware_phase(Phase::ReceiverCopy, copy_start, engine.now(), part_bytes);
  }
  board.leave(run);
  ++run.board_phase;
  return result;
}

void bcast_selective_broadcast(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, run.root, run.recv, bytes, bytes);
}

// Scatter(v): the root broadcasts the whole array; each member copies out its own piece, so the time
// does not grow with the group (Figure 6) but a larger piece takes longer to copy.
void scatter_selective_broadcast(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.recv.size());
  const bool root = run.rank == run.root;
  const auto network = static_cast<std::int64_t>(run.send.size());
  std::vector<std::byte> got = selective_broadcast(
      run, run.root, root ? with_offsets(run.send, run.block_offset) : std::vector<std::byte>{}, network, mine);
  copy_block(got, run.size, run.rank, run.recv.data(), mine);
  if (root) run.charge_copy(mine);
}

// Allgather(v): the blocks are gathered to rank 0, then broadcast whole.
void allgather_selective_broadcast(CollectiveRun& run) {
  const int root = run.root;
  const hw::CollectiveOp op = run.op;
  run.root = 0;
  run.op = hw::CollectiveOp::Gatherv;
  gather_linear(run);
  run.op = op;
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, 0, run.rank == 0 ? run.recv : std::vector<std::byte>{}, bytes, bytes);
  run.root = root;
}

// Alltoall(v): every member in turn broadcasts its whole send buffer; the others copy out their block.
void alltoall_selective_broadcast(CollectiveRun& run) {
  for (int from = 0; from < run.size; ++from) {
    const auto i = static_cast<std::size_t>(from);
    const bool sender = run.rank == from;
    std::vector<std::byte> got =
        selective_broadcast(run, from, sender ? with_offsets(run.send, run.send_offset) : std::vector<std::byte>{},
                            static_cast<std::int64_t>(run.send.size()), run.block_bytes[i]);
    copy_block(got, run.size, run.rank, run.recv.data() + run.block_offset[i], run.block_bytes[i]);
  }
}

// Barrier (seed 001, Figure 8): a zero-byte gather up a tree of branching factor 3 to rank 0, then a
// selective broadcast releases everyone.
void barrier_tree_selective_broadcast(CollectiveRun& run) {
  const int k = run.choice.branching;
  for (int child : kary_children(run.rank, k, run.size)) run.recv_from(nullptr, 0, child);
  const int parent = kary_parent(run.rank, k);
  if (parent >= 0) run.send_to(nullptr, 0, parent);
  selective_broadcast(run, 0, {}, 0, 0);
}

// Allreduce (seed 001, Figures 9 and 10): MPI_Reduce to rank 0 over the machine's reduction tree,
// then a selective broadcast of the result.
void allreduce_tree_selective_broadcast(CollectiveRun& run) {
  run.root = 0;
  run_nested(run, hw::CollectiveOp::Reduce);
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, 0, run.rank == 0 ? run.recv : std::vector<std::byte>{}, bytes, bytes);
}

}  // namespace xo::mpi
