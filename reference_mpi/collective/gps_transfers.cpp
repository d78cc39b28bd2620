// The X1's collectives over the gps structure (seed 000, "Specific changes for collective
// routines"): a process stores addresses and a start flag into the others' memory (one remote
// store, `remote_flag`); they load or store the data themselves at the link's rate and decrement a
// check-in counter at the process that started it, which waits until it reaches zero.
//  - Bcast: the others pull from the root; below 32 bytes (`bcast_preallocated_bytes`) the root
//    copies the data into a preallocated buffer and leaves at once.
//  - Scatter(v): the others pull their block; Gather(v): the others push theirs.

#include <cstring>

#include "../core/world.hpp"
#include "../protocol/network_transfer.hpp"
#include "algorithms.hpp"
#include "block_table.hpp"
#include "collective_run.hpp"

namespace xo::mpi {

namespace {

sim::Time seconds(double s) { return sim::seconds_to_time(s); }

// A remote load of `bytes` from `from`'s memory into this rank's, or a store from this rank into
// `to`'s (communicator ranks). It takes its turn at both ends' network endpoints, so the members
// pulling a broadcast from one root share the root's bandwidth.
void move(CollectiveRun& run, int from, int to, std::int64_t bytes) {
  const int source = run.world_rank(from);
  const int destination = run.world_rank(to);
  sim::Engine& engine = run.world.engine();
  const sim::Time start = engine.now();
  const LinkTimes t(run.world.machine(), source, destination, bytes);
  engine.advance_to(reserve_transfer(run.world, source, destination, start, t).landed);
  run.record_hardware_phase(Phase::RemoteAccess, start, engine.now(), bytes, from == run.rank ? destination : source);
}

void pull(CollectiveRun& run, int from, std::int64_t bytes) { move(run, from, run.rank, bytes); }
void push(CollectiveRun& run, int to, std::int64_t bytes) { move(run, run.rank, to, bytes); }

sim::Time now(CollectiveRun& run) { return run.world.engine().now(); }
double flag(const CollectiveRun& run) { return run.world.machine().collective_hardware().remote_flag; }

// Posts `data` with the start flag; returns when the root may leave.
void start(CollectiveRun& run, std::vector<std::byte> data, bool wait_for_check_ins) {
  HardwareBoard& board = run.world.board();
  const sim::Time flagged = now(run) + seconds(flag(run));
  run.record_hardware_phase(Phase::RemoteAccess, now(run), flagged, 0);  // the start flag stored at every member
  board.post(run, std::move(data), flagged);
  if (wait_for_check_ins) board.await_check_ins(run, run.size - 1);
  board.leave(run);
}

}  // namespace

void bcast_gps_pull(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  const bool small = bytes < run.world.machine().collective_hardware().bcast_preallocated_bytes;
  if (run.rank == run.root) {
    if (small) run.charge_copy(bytes);
    start(run, run.recv, !small);
    return;
  }
  HardwareBoard& board = run.world.board();
  const BoardSlot& slot = board.await(run);
  pull(run, run.root, bytes);
  std::memcpy(run.recv.data(), slot.data.data(), static_cast<std::size_t>(bytes));
  if (!small) board.check_in(run, now(run) + seconds(flag(run)));
  board.leave(run);
}

void scatter_gps_pull(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.recv.size());
  if (run.rank == run.root) {
    std::memcpy(run.recv.data(), run.send.data() + run.block_offset[static_cast<std::size_t>(run.rank)],
                static_cast<std::size_t>(mine));
    run.charge_copy(mine);
    start(run, with_offsets(run.send, run.block_offset), true);
    return;
  }
  HardwareBoard& board = run.world.board();
  const BoardSlot& slot = board.await(run);
  pull(run, run.root, mine);
  copy_block(slot.data, run.size, run.rank, run.recv.data(), mine);
  board.check_in(run, now(run) + seconds(flag(run)));
  board.leave(run);
}

void gather_gps_push(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.send.size());
  if (run.rank == run.root) {
    std::memcpy(run.recv.data() + run.block_offset[static_cast<std::size_t>(run.rank)], run.send.data(),
                static_cast<std::size_t>(mine));
    run.charge_copy(mine);
    // The "address" posted is where each block goes in the root's buffer.
    std::vector<std::byte> where(sizeof(std::byte*) + run.block_offset.size() * sizeof(std::int64_t));
    std::byte* base = run.recv.data();
    std::memcpy(where.data(), &base, sizeof base);
    std::memcpy(where.data() + sizeof base, run.block_offset.data(), run.block_offset.size() * sizeof(std::int64_t));
    start(run, std::move(where), true);
    return;
  }
  HardwareBoard& board = run.world.board();
  const BoardSlot& slot = board.await(run);
  std::byte* base = nullptr;
  std::int64_t offset = 0;
  std::memcpy(&base, slot.data.data(), sizeof base);
  std::memcpy(&offset, slot.data.data() + sizeof base + static_cast<std::size_t>(run.rank) * sizeof(std::int64_t),
              sizeof offset);
  push(run, run.root, mine);
  std::memcpy(base + offset, run.send.data(), static_cast<std::size_t>(mine));
  board.check_in(run, now(run) + seconds(flag(run)));
  board.leave(run);
}

// The X1's folding reduce pulls from the higher-ranked partner at each level: the binomial tree
// rooted at the root, whose transfers the X1's point-to-point path already makes pulls with a
// completion flag. Non-commutative operations go to rank 0 in rank order, then to the root.
void reduce_gps_fold(CollectiveRun& run) { reduce_binomial(run); }

// The X1's scan: each process waits for the lower rank's partial result and passes its own on.
void scan_gps_chain(CollectiveRun& run) { scan_linear(run); }

// The X1's alltoall: every process posts its blocks and scans the start flags, pulling each block
// as its flag appears; over the X1's pull path that is every transfer in flight at once.
void alltoall_gps_scan(CollectiveRun& run) { alltoall_linear(run); }

}  // namespace xo::mpi
