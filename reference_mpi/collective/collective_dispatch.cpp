#include "xo/mpi/collective/collective_dispatch.hpp"

#include "algorithm_table.hpp"
#include "collective_meeting_points.hpp"
#include "collective_trace.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/reduction_op.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;
using Query = hw::CollectiveQuery;

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

}  // namespace

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
    CollectiveMeetingPoints::of(run.world).ledger.check(run, sizes_differ ? -1 : q.bytes);
    run.checked = true;
  }
  const CollectiveTraceSizes traced = programs_call ? report_collective_begin(run) : CollectiveTraceSizes{};
  run.choice = run.world.machine().collective(q);
  const AlgorithmFunction algorithm = implementation(run.op, run.choice.algorithm);
  if (!programs_call) {
    algorithm(run);
    return;
  }
  try {
    algorithm(run);
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
