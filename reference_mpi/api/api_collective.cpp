// MPI collective calls that move data: Barrier, Bcast, Gather(v), Scatter(v), Allgather(v),
// Alltoall(v). Each checks its arguments, packs the user's buffers into blocks, lets the machine's
// algorithm run (reference_mpi/collective) and unpacks the result.

#include <vector>

#include "api_call.hpp"
#include "buffer_check.hpp"
#include "collective_buffers.hpp"
#include "intercomm_collective_calls.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

using xo::hw::CollectiveOp;
using xo::mpi::api_call;
using xo::mpi::CollectiveRun;
using xo::mpi::World;

namespace {

std::span<const int> counts_of(const int* counts, int n) { return {counts, static_cast<std::size_t>(n)}; }

}  // namespace

extern "C" {

int MPI_Barrier(MPI_Comm comm) {
  return api_call("MPI_Barrier", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_barrier_call(c, comm);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Barrier, "MPI_Barrier");
    xo::mpi::run_collective(run);
  });
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  return api_call("MPI_Bcast", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_bcast_call(c, comm, buffer, count, datatype, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Bcast, "MPI_Bcast");
    xo::mpi::require_count(count);
    const auto type = world.self().datatypes.get_committed(datatype);
    xo::mpi::check_root(root, run.size);
    run.root = root;
    if (run.rank == root) {
      run.recv = xo::mpi::pack_block(buffer, count, *type, "buffer");
    } else {
      // Checked before the collective, as the root checks it: all ranks fail alike or none does.
      xo::mpi::require_buffer(buffer, count, *type, "buffer");
      run.recv.resize(static_cast<std::size_t>(count * type->size()));
    }
    xo::mpi::run_collective(run);
    if (run.rank != root) xo::mpi::unpack_all(run.recv, *type, buffer, "buffer");
  });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return api_call("MPI_Gatherv", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_gatherv_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                             recvtype, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Gatherv, "MPI_Gatherv");
    xo::mpi::check_root(root, run.size);
    run.root = root;
    const bool in_place = run.rank == root && sendbuf == MPI_IN_PLACE;
    if (run.rank == root) {
      xo::mpi::require_pointer(recvcounts, "recvcounts");
      xo::mpi::require_pointer(displs, "displs");
      xo::mpi::check_counts(counts_of(recvcounts, run.size), "recvcounts");
      const auto rtype = world.self().datatypes.get_committed(recvtype);
      run.recv.resize(static_cast<std::size_t>(
          xo::mpi::lay_out_blocks(counts_of(recvcounts, run.size), *rtype, run.block_offset, run.block_bytes)));
      const auto me = static_cast<std::size_t>(root);
      run.send = in_place
                     ? xo::mpi::pack_block(xo::mpi::element_at(recvbuf, displs[me], *rtype), recvcounts[me], *rtype)
                     : xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    } else {
      xo::mpi::require_count(sendcount);
      run.send = xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    }
    xo::mpi::run_collective(run);
    if (run.rank == root) {
      xo::mpi::unpack_blocks(run.recv, run.block_offset, run.block_bytes, counts_of(displs, run.size),
                             *world.self().datatypes.get_committed(recvtype), recvbuf);
    }
  });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return api_call("MPI_Gather", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_gather_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Gather, "MPI_Gather");
    xo::mpi::check_root(root, run.size);
    run.root = root;
    if (run.rank == root) {
      xo::mpi::require_count(recvcount);
      const auto rtype = world.self().datatypes.get_committed(recvtype);
      const std::vector<int> counts(static_cast<std::size_t>(run.size), recvcount);
      run.recv.resize(
          static_cast<std::size_t>(xo::mpi::lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
      run.send = sendbuf == MPI_IN_PLACE
                     ? xo::mpi::pack_block(xo::mpi::element_at(recvbuf, std::int64_t{root} * recvcount, *rtype),
                                           recvcount, *rtype)
                     : xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    } else {
      xo::mpi::require_count(sendcount);
      run.send = xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    }
    xo::mpi::run_collective(run);
    if (run.rank == root) xo::mpi::unpack_all(run.recv, *world.self().datatypes.get_committed(recvtype), recvbuf);
  });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return api_call("MPI_Scatterv", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_scatterv_call(c, comm, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                              recvtype, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Scatterv, "MPI_Scatterv");
    xo::mpi::check_root(root, run.size);
    run.root = root;
    const bool in_place = run.rank == root && recvbuf == MPI_IN_PLACE;
    if (run.rank == root) {
      xo::mpi::require_pointer(sendcounts, "sendcounts");
      xo::mpi::require_pointer(displs, "displs");
      xo::mpi::check_counts(counts_of(sendcounts, run.size), "sendcounts");
      const auto stype = world.self().datatypes.get_committed(sendtype);
      const std::int64_t total =
          xo::mpi::lay_out_blocks(counts_of(sendcounts, run.size), *stype, run.block_offset, run.block_bytes);
      if (stype->size() > 0) xo::mpi::require_buffer(sendbuf, total / stype->size(), *stype, "sendbuf");
      for (int i = 0; i < run.size; ++i) {
        const auto block = xo::mpi::pack_block(xo::mpi::element_at(sendbuf, displs[i], *stype), sendcounts[i], *stype);
        run.send.insert(run.send.end(), block.begin(), block.end());
      }
      run.recv.resize(static_cast<std::size_t>(run.block_bytes[static_cast<std::size_t>(root)]));
    } else {
      xo::mpi::require_count(recvcount);
      run.recv.resize(static_cast<std::size_t>(recvcount * world.self().datatypes.get_committed(recvtype)->size()));
    }
    xo::mpi::run_collective(run);
    if (!in_place) xo::mpi::unpack_all(run.recv, *world.self().datatypes.get_committed(recvtype), recvbuf);
  });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return api_call("MPI_Scatter", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_scatter_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Scatter, "MPI_Scatter");
    xo::mpi::check_root(root, run.size);
    run.root = root;
    const bool in_place = run.rank == root && recvbuf == MPI_IN_PLACE;
    if (run.rank == root) {
      xo::mpi::require_count(sendcount);
      const auto stype = world.self().datatypes.get_committed(sendtype);
      const std::vector<int> counts(static_cast<std::size_t>(run.size), sendcount);
      xo::mpi::lay_out_blocks(counts, *stype, run.block_offset, run.block_bytes);
      run.send = xo::mpi::pack_block(sendbuf, std::int64_t{sendcount} * run.size, *stype);
      run.recv.resize(static_cast<std::size_t>(run.block_bytes[0]));
    } else {
      xo::mpi::require_count(recvcount);
      run.recv.resize(static_cast<std::size_t>(recvcount * world.self().datatypes.get_committed(recvtype)->size()));
    }
    xo::mpi::run_collective(run);
    if (!in_place) xo::mpi::unpack_all(run.recv, *world.self().datatypes.get_committed(recvtype), recvbuf);
  });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  return api_call("MPI_Allgatherv", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_allgatherv_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                                recvtype);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Allgatherv, "MPI_Allgatherv");
    xo::mpi::require_pointer(recvcounts, "recvcounts");
    xo::mpi::require_pointer(displs, "displs");
    xo::mpi::check_counts(counts_of(recvcounts, run.size), "recvcounts");
    const auto rtype = world.self().datatypes.get_committed(recvtype);
    run.recv.resize(static_cast<std::size_t>(
        xo::mpi::lay_out_blocks(counts_of(recvcounts, run.size), *rtype, run.block_offset, run.block_bytes)));
    const auto me = static_cast<std::size_t>(run.rank);
    run.send = sendbuf == MPI_IN_PLACE
                   ? xo::mpi::pack_block(xo::mpi::element_at(recvbuf, displs[me], *rtype), recvcounts[me], *rtype)
                   : xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_blocks(run.recv, run.block_offset, run.block_bytes, counts_of(displs, run.size), *rtype, recvbuf);
  });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  return api_call("MPI_Allgather", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_allgather_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Allgather, "MPI_Allgather");
    xo::mpi::require_count(recvcount);
    const auto rtype = world.self().datatypes.get_committed(recvtype);
    const std::vector<int> counts(static_cast<std::size_t>(run.size), recvcount);
    run.recv.resize(
        static_cast<std::size_t>(xo::mpi::lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
    run.send = sendbuf == MPI_IN_PLACE
                   ? xo::mpi::pack_block(xo::mpi::element_at(recvbuf, std::int64_t{run.rank} * recvcount, *rtype),
                                         recvcount, *rtype)
                   : xo::mpi::pack_block(sendbuf, sendcount, *world.self().datatypes.get_committed(sendtype));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *rtype, recvbuf);
  });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  return api_call("MPI_Alltoallv", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_alltoallv_call(c, comm, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                               rdispls, recvtype);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Alltoallv, "MPI_Alltoallv");
    // MPI_IN_PLACE: the receive buffer's blocks are sent and replaced; the send arguments are ignored.
    if (sendbuf == MPI_IN_PLACE) {
      sendbuf = recvbuf;
      sendcounts = recvcounts;
      sdispls = rdispls;
      sendtype = recvtype;
    }
    for (const void* p : {static_cast<const void*>(sendcounts), static_cast<const void*>(sdispls),
                          static_cast<const void*>(recvcounts), static_cast<const void*>(rdispls)}) {
      xo::mpi::require_pointer(p, "counts and displacements");
    }
    xo::mpi::check_counts(counts_of(sendcounts, run.size), "sendcounts");
    xo::mpi::check_counts(counts_of(recvcounts, run.size), "recvcounts");
    const auto stype = world.self().datatypes.get_committed(sendtype);
    const auto rtype = world.self().datatypes.get_committed(recvtype);
    const std::int64_t total =
        xo::mpi::lay_out_blocks(counts_of(sendcounts, run.size), *stype, run.send_offset, run.send_bytes);
    if (stype->size() > 0) xo::mpi::require_buffer(sendbuf, total / stype->size(), *stype, "sendbuf");
    for (int i = 0; i < run.size; ++i) {
      const auto block = xo::mpi::pack_block(xo::mpi::element_at(sendbuf, sdispls[i], *stype), sendcounts[i], *stype);
      run.send.insert(run.send.end(), block.begin(), block.end());
    }
    run.recv.resize(static_cast<std::size_t>(
        xo::mpi::lay_out_blocks(counts_of(recvcounts, run.size), *rtype, run.block_offset, run.block_bytes)));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_blocks(run.recv, run.block_offset, run.block_bytes, counts_of(rdispls, run.size), *rtype, recvbuf);
  });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  return api_call("MPI_Alltoall", comm, [&] {
    World& world = World::current();
    if (xo::mpi::CommHandle& c = world.self().comms.get(comm); c.is_inter()) {
      return xo::mpi::intercomm_alltoall_call(c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    }
    CollectiveRun run(world, world.self().comms.get(comm), comm, CollectiveOp::Alltoall, "MPI_Alltoall");
    if (sendbuf == MPI_IN_PLACE) {  // the receive buffer's blocks are sent and replaced
      sendbuf = recvbuf;
      sendcount = recvcount;
      sendtype = recvtype;
    }
    xo::mpi::require_count(sendcount);
    xo::mpi::require_count(recvcount);
    const auto stype = world.self().datatypes.get_committed(sendtype);
    const auto rtype = world.self().datatypes.get_committed(recvtype);
    const std::vector<int> scounts(static_cast<std::size_t>(run.size), sendcount);
    const std::vector<int> rcounts(static_cast<std::size_t>(run.size), recvcount);
    xo::mpi::lay_out_blocks(scounts, *stype, run.send_offset, run.send_bytes);
    run.send = xo::mpi::pack_block(sendbuf, std::int64_t{sendcount} * run.size, *stype);
    run.recv.resize(
        static_cast<std::size_t>(xo::mpi::lay_out_blocks(rcounts, *rtype, run.block_offset, run.block_bytes)));
    xo::mpi::run_collective(run);
    xo::mpi::unpack_all(run.recv, *rtype, recvbuf);
  });
}

}  // extern "C"
