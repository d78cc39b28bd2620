// MPI reductions: Reduce, Allreduce, Reduce_scatter(_block), Scan and Exscan. Each checks that the operation is
// defined for the datatype, packs the vector, lets the machine's algorithm run and unpacks.

#include <vector>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "intercomm_collective_calls.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/reduction_op.hpp"
#include "xo/mpi/state/world.hpp"

using xo::hw::CollectiveOp;
using xo::mpi::api_call;
using xo::mpi::CollectiveRun;
using xo::mpi::World;

namespace {

// Sets up `run` for `count` elements of `datatype` combined with `op`; returns the type.
xo::mpi::DatatypeRef prepare(CollectiveRun& run, const void* sendbuf, const void* in_place_source, int count,
                             MPI_Datatype datatype, MPI_Op op) {
  xo::mpi::RankState& self = run.self;
  xo::mpi::require_count(count);
  auto type = self.datatypes.get_committed(datatype);
  const xo::mpi::ReductionOp& reduction = self.ops.get(op);
  reduction.check(*type);
  run.reduction = &reduction;
  run.predefined_op = op < XO_FIRST_USER_OP;
  run.type = type.type;
  run.type_handle = datatype;
  run.count = count;
  run.send = xo::mpi::pack_block(sendbuf == MPI_IN_PLACE ? in_place_source : sendbuf, count, *type);
  return type;
}

}  // namespace

extern "C" {

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm) {
  return api_call("MPI_Reduce", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_reduce_call(c, comm, sendbuf, recvbuf, count, datatype, op, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Reduce, "MPI_Reduce");
    xo::mpi::check_root(root, run.size);
    run.root = root;
    const auto type = prepare(run, sendbuf, recvbuf, count, datatype, op);
    run.recv.resize(run.send.size());
    xo::mpi::run_collective(run);
    if (run.rank == root) xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  return api_call("MPI_Allreduce", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_allreduce_call(c, comm, sendbuf, recvbuf, count, datatype, op);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Allreduce, "MPI_Allreduce");
    const auto type = prepare(run, sendbuf, recvbuf, count, datatype, op);
    run.recv.resize(run.send.size());
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm) {
  return api_call("MPI_Reduce_scatter", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_reduce_scatter_call(c, comm, sendbuf, recvbuf, recvcounts, datatype, op);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::ReduceScatter, "MPI_Reduce_scatter");
    xo::mpi::require_pointer(recvcounts, "recvcounts");
    const std::span<const int> counts(recvcounts, static_cast<std::size_t>(run.size));
    xo::mpi::check_counts(counts, "recvcounts");
    std::int64_t total = 0;
    for (int c : counts) total += c;
    if (total > 2147483647)
      throw xo::mpi::MpiError(MPI_ERR_COUNT, "the recvcounts add up to more than 2^31 - 1 elements");
    const auto type = prepare(run, sendbuf, recvbuf, static_cast<int>(total), datatype, op);
    run.recv_counts.assign(counts.begin(), counts.end());
    run.recv.resize(static_cast<std::size_t>(counts[static_cast<std::size_t>(run.rank)] * type->size()));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  return api_call("MPI_Scan", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::reject_intercomm(c, "MPI_Scan");
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Scan, "MPI_Scan");
    const auto type = prepare(run, sendbuf, recvbuf, count, datatype, op);
    run.recv.resize(run.send.size());
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm) {
  // Reduce_scatter with every block recvcount long: the same algorithms serve it.
  return api_call("MPI_Reduce_scatter_block", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      // MPI-3.1 section 5.10.2: each group's vector (recvcount per local rank) is reduced and
      // scattered over the other group, as MPI_Reduce_scatter with equal counts does.
      xo::mpi::require_count(recvcount);
      const std::vector<int> counts(static_cast<std::size_t>(c.size()), recvcount);
      return xo::mpi::intercomm_reduce_scatter_call(c, comm, sendbuf, recvbuf, counts.data(), datatype, op,
                                                    "MPI_Reduce_scatter_block");
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::ReduceScatter,
                      "MPI_Reduce_scatter_block");
    xo::mpi::require_count(recvcount);
    const std::int64_t total = std::int64_t{recvcount} * run.size;
    if (total > 2147483647)
      throw xo::mpi::MpiError(MPI_ERR_COUNT, "recvcount times the communicator size is more than 2^31 - 1 elements");
    const auto type = prepare(run, sendbuf, recvbuf, static_cast<int>(total), datatype, op);
    run.recv_counts.assign(static_cast<std::size_t>(run.size), recvcount);
    run.recv.resize(static_cast<std::size_t>(recvcount * type->size()));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  // The scan algorithms with the rank's own vector left out; rank 0's recvbuf is left untouched.
  return api_call("MPI_Exscan", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::reject_intercomm(c, "MPI_Exscan");
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Scan, "MPI_Exscan");
    run.exclusive = true;
    const auto type = prepare(run, sendbuf, recvbuf, count, datatype, op);
    run.recv.resize(run.send.size());
    xo::mpi::run_collective(run);
    if (run.rank > 0) xo::mpi::unpack_all(run.recv, *type, recvbuf);
  });
}

}  // extern "C"
