#include "collective_dispatch.hpp"

#include <array>
#include <bit>

#include "../core/mpi_error.hpp"
#include "../core/reduction_op.hpp"
#include "../core/world.hpp"
#include "algorithms.hpp"
#include "collective_run.hpp"
#include "collective_trace.hpp"

namespace xo::mpi {

namespace {

using A = hw::Algorithm;
using Op = hw::CollectiveOp;
using Query = hw::CollectiveQuery;

const hw::CollectiveHardware& hardware(const CollectiveRun& run) { return run.world.machine().collective_hardware(); }
bool power_of_two(int n) { return std::has_single_bit(static_cast<unsigned>(n)); }

bool equal_blocks(const CollectiveRun&, const Query& q) { return q.op == Op::Allgather || q.op == Op::Alltoall; }
bool power_of_two_size(const CollectiveRun& run, const Query&) { return power_of_two(run.size); }
// Rabenseifner: commutative, and at least one element for each rank of the power-of-two core.
bool commutative_long(const CollectiveRun& run, const Query& q) {
  return q.commutative && q.count >= static_cast<std::int64_t>(std::bit_floor(static_cast<unsigned>(run.size)));
}
bool commutative(const CollectiveRun&, const Query& q) { return q.commutative; }
bool has_broadcast_network(const CollectiveRun& run, const Query&) { return hardware(run).broadcast_startup >= 0; }
bool has_sync_network(const CollectiveRun& run, const Query& q) { return hardware(run).sync >= 0 && q.whole_machine; }
bool has_fetch_add(const CollectiveRun& run, const Query&) { return hardware(run).fetch_add >= 0; }
bool has_remote_flags(const CollectiveRun& run, const Query&) { return hardware(run).remote_flag >= 0; }
// The AP1000 xy routines: whole machine, int, float or double vectors, a predefined operation.
bool xy_serves(const CollectiveRun& run, const Query& q) {
  return hardware(run).xy_reduction >= 0 && q.whole_machine && q.builtin_op &&
         (q.element == hw::ElementType::Int || q.element == hw::ElementType::Float ||
          q.element == hw::ElementType::Double);
}

constexpr std::array kTable{
    AlgorithmEntry{Op::Barrier, A::Linear, barrier_linear, nullptr},
    AlgorithmEntry{Op::Barrier, A::KaryTree, barrier_kary_tree, nullptr},
    AlgorithmEntry{Op::Barrier, A::Dissemination, barrier_dissemination, nullptr},
    AlgorithmEntry{Op::Barrier, A::TreeSelectiveBroadcast, barrier_tree_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Barrier, A::SyncNetwork, barrier_sync_network, has_sync_network},
    AlgorithmEntry{Op::Barrier, A::FetchAddTree, barrier_fetch_add_tree, has_fetch_add},
    AlgorithmEntry{Op::Bcast, A::Linear, bcast_linear, nullptr},
    AlgorithmEntry{Op::Bcast, A::Binomial, bcast_binomial, nullptr},
    AlgorithmEntry{Op::Bcast, A::KaryTree, bcast_kary_tree, nullptr},
    AlgorithmEntry{Op::Bcast, A::ScatterAllgather, bcast_scatter_allgather, nullptr},
    AlgorithmEntry{Op::Bcast, A::SelectiveBroadcast, bcast_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Bcast, A::GpsPull, bcast_gps_pull, has_remote_flags},
    AlgorithmEntry{Op::Gather, A::Linear, gather_linear, nullptr},
    AlgorithmEntry{Op::Gather, A::Binomial, gather_binomial, nullptr},
    AlgorithmEntry{Op::Gather, A::GpsPush, gather_gps_push, has_remote_flags},
    AlgorithmEntry{Op::Gatherv, A::Linear, gather_linear, nullptr},
    AlgorithmEntry{Op::Gatherv, A::GpsPush, gather_gps_push, has_remote_flags},
    AlgorithmEntry{Op::Scatter, A::Linear, scatter_linear, nullptr},
    AlgorithmEntry{Op::Scatter, A::Binomial, scatter_binomial, nullptr},
    AlgorithmEntry{Op::Scatter, A::SelectiveBroadcast, scatter_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Scatter, A::GpsPull, scatter_gps_pull, has_remote_flags},
    AlgorithmEntry{Op::Scatterv, A::Linear, scatter_linear, nullptr},
    AlgorithmEntry{Op::Scatterv, A::SelectiveBroadcast, scatter_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Scatterv, A::GpsPull, scatter_gps_pull, has_remote_flags},
    AlgorithmEntry{Op::Allgather, A::Ring, allgather_ring, nullptr},
    AlgorithmEntry{Op::Allgather, A::RecursiveDoubling, allgather_recursive_doubling, power_of_two_size},
    AlgorithmEntry{Op::Allgather, A::Bruck, allgather_bruck, equal_blocks},
    AlgorithmEntry{Op::Allgather, A::SelectiveBroadcast, allgather_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Allgather, A::GatherBcast, allgather_gather_bcast, nullptr},
    AlgorithmEntry{Op::Allgatherv, A::Ring, allgather_ring, nullptr},
    AlgorithmEntry{Op::Allgatherv, A::SelectiveBroadcast, allgather_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Allgatherv, A::GatherBcast, allgather_gather_bcast, nullptr},
    AlgorithmEntry{Op::Alltoall, A::Linear, alltoall_linear, nullptr},
    AlgorithmEntry{Op::Alltoall, A::Pairwise, alltoall_pairwise, nullptr},
    AlgorithmEntry{Op::Alltoall, A::Bruck, alltoall_bruck, equal_blocks},
    AlgorithmEntry{Op::Alltoall, A::SelectiveBroadcast, alltoall_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Alltoall, A::GpsScan, alltoall_gps_scan, has_remote_flags},
    AlgorithmEntry{Op::Alltoallv, A::Linear, alltoall_linear, nullptr},
    AlgorithmEntry{Op::Alltoallv, A::Pairwise, alltoall_pairwise, nullptr},
    AlgorithmEntry{Op::Alltoallv, A::SelectiveBroadcast, alltoall_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Alltoallv, A::GpsScan, alltoall_gps_scan, has_remote_flags},
    AlgorithmEntry{Op::Reduce, A::Binomial, reduce_binomial, nullptr},
    AlgorithmEntry{Op::Reduce, A::KaryTree, reduce_kary_tree, nullptr},
    AlgorithmEntry{Op::Reduce, A::ReduceScatterGather, reduce_scatter_gather, commutative_long},
    AlgorithmEntry{Op::Reduce, A::XyReduction, reduce_xy, xy_serves},
    AlgorithmEntry{Op::Reduce, A::GpsFold, reduce_gps_fold, has_remote_flags},
    AlgorithmEntry{Op::Allreduce, A::RecursiveDoubling, allreduce_recursive_doubling, nullptr},
    AlgorithmEntry{Op::Allreduce, A::ReduceBcast, allreduce_reduce_bcast, nullptr},
    AlgorithmEntry{Op::Allreduce, A::ReduceScatterAllgather, allreduce_reduce_scatter_allgather, commutative_long},
    AlgorithmEntry{Op::Allreduce, A::TreeSelectiveBroadcast, allreduce_tree_selective_broadcast, has_broadcast_network},
    AlgorithmEntry{Op::Allreduce, A::XyReduction, allreduce_xy, xy_serves},
    AlgorithmEntry{Op::Allreduce, A::SmpAware, allreduce_smp_aware, nullptr},
    AlgorithmEntry{Op::ReduceScatter, A::ReduceScatterv, reduce_scatter_reduce_scatterv, nullptr},
    AlgorithmEntry{Op::ReduceScatter, A::Pairwise, reduce_scatter_pairwise, commutative},
    AlgorithmEntry{Op::Scan, A::Linear, scan_linear, nullptr},
    AlgorithmEntry{Op::Scan, A::RecursiveDoubling, scan_recursive_doubling, nullptr},
    AlgorithmEntry{Op::Scan, A::GpsChain, scan_gps_chain, has_remote_flags},
};

// Serves every call of its operation: the last resort.
constexpr std::array<A, hw::kCollectiveOps> kUniversal{
    A::Dissemination,  A::Binomial, A::Linear, A::Linear, A::Linear,   A::Linear,
    A::Ring,           A::Ring,     A::Linear, A::Linear, A::Binomial, A::RecursiveDoubling,
    A::ReduceScatterv, A::Linear};

hw::ElementType element_of(const Datatype* type) {
  if (type == nullptr || type->blocks().empty()) return hw::ElementType::None;
  const BasicType basic = type->blocks().front().basic;
  for (const TypeBlock& b : type->blocks()) {
    if (b.basic != basic) return hw::ElementType::Other;
  }
  switch (basic) {
    case BasicType::Int: return hw::ElementType::Int;
    case BasicType::Float: return hw::ElementType::Float;
    case BasicType::Double: return hw::ElementType::Double;
    default: return hw::ElementType::Other;
  }
}

bool serves(const AlgorithmEntry* entry, const CollectiveRun& run, const Query& q) {
  return entry != nullptr && (entry->serves == nullptr || entry->serves(run, q));
}

}  // namespace

std::span<const AlgorithmEntry> algorithm_table() { return kTable; }

const AlgorithmEntry* find_algorithm(Op op, A algorithm) {
  for (const AlgorithmEntry& e : kTable) {
    if (e.op == op && e.algorithm == algorithm) return &e;
  }
  return nullptr;
}

hw::CollectiveQuery describe(const CollectiveRun& run) {
  Query q;
  q.op = run.op;
  q.ranks = run.size;
  q.whole_machine = run.size == run.world.size();
  switch (run.op) {
    case Op::Bcast: q.bytes = static_cast<std::int64_t>(run.recv.size()); break;
    case Op::Gather:
    case Op::Allgather: q.bytes = static_cast<std::int64_t>(run.send.size()); break;
    case Op::Scatter: q.bytes = static_cast<std::int64_t>(run.recv.size()); break;
    case Op::Alltoall: q.bytes = run.send_bytes.empty() ? 0 : run.send_bytes[0]; break;
    case Op::Allgatherv:
      for (std::int64_t b : run.block_bytes) q.bytes = std::max(q.bytes, b);
      break;
    case Op::Reduce:
    case Op::Allreduce:
    case Op::ReduceScatter:
    case Op::Scan: q.bytes = static_cast<std::int64_t>(run.send.size()); break;
    default: break;  // the v-variants' sizes differ between ranks: choices must not depend on them
  }
  q.total_bytes = run.op == Op::Allgatherv ? 0 : q.bytes * run.size;
  if (run.op == Op::Allgatherv) {
    for (std::int64_t b : run.block_bytes) q.total_bytes += b;
  }
  if (run.reduction != nullptr) {
    q.count = run.count;
    q.element = element_of(run.type);
    q.commutative = run.reduction->commutative();
    q.builtin_op = run.predefined_op;
    if (run.op == Op::ReduceScatter) q.total_bytes = q.bytes;
  }
  return q;
}

void run_collective(CollectiveRun& run) {
  const Query q = describe(run);
  const bool programs_call = !run.checked;  // not a step of a composed algorithm
  if (programs_call) {
    const bool sizes_differ =
        run.op == Op::Gatherv || run.op == Op::Scatterv || run.op == Op::Allgatherv || run.op == Op::Alltoallv;
    run.world.collective_ledger().check(run, sizes_differ ? -1 : q.bytes);
    run.checked = true;
  }
  const CollectiveTraceSizes traced = programs_call ? report_collective_begin(run) : CollectiveTraceSizes{};
  const hw::Machine& machine = run.world.machine();
  run.choice = machine.collective(q);
  const AlgorithmEntry* entry = find_algorithm(run.op, run.choice.algorithm);
  if (!serves(entry, run, q)) {
    const int branching = run.choice.branching;
    run.choice = machine.choose_collective(q);
    run.choice.branching = branching;
    entry = find_algorithm(run.op, run.choice.algorithm);
  }
  if (!serves(entry, run, q)) {
    run.choice.algorithm = kUniversal[static_cast<std::size_t>(run.op)];
    entry = find_algorithm(run.op, run.choice.algorithm);
  }
  if (!programs_call) {
    entry->run(run);
    return;
  }
  try {
    entry->run(run);
  } catch (const MpiError&) {
    // Under MPI_ERRORS_RETURN the program goes on: the trace must show this collective ended.
    report_collective_end(run, traced);
    throw;
  }
  report_collective_end(run, traced);
}

void run_nested(CollectiveRun& run, Op op) {
  const Op outer = run.op;
  const hw::CollectiveChoice outer_choice = run.choice;
  run.op = op;
  run_collective(run);
  run.op = outer;
  run.choice = outer_choice;
}

}  // namespace xo::mpi
