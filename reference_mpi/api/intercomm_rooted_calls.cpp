// The intercommunicator branches of MPI_Bcast, MPI_Gather(v), MPI_Scatter(v) and MPI_Reduce. Only
// the root argument is significant at the root's bystanders (MPI_PROC_NULL): they check nothing
// else and take part in nothing.

#include <vector>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "intercomm_call_support.hpp"
#include "intercomm_collective_calls.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/inter_collective.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;

std::int64_t size_of(const std::vector<std::byte>& v) { return static_cast<std::int64_t>(v.size()); }

// A rooted call on `comm` with its root checked.
CollectiveRun rooted_run(CommHandle& comm, MPI_Comm handle, Op op, const char* call, int root) {
  CollectiveRun run(World::current(), comm, handle, op, call);
  check_inter_root(root, comm);
  run.root = root;
  return run;
}

}  // namespace

void intercomm_bcast_call(CommHandle& comm, MPI_Comm handle, void* buffer, int count, MPI_Datatype datatype, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Bcast, "MPI_Bcast", root);
  InterCallShape shape;
  DatatypeRef type;
  if (root != MPI_PROC_NULL) {
    require_count(count);
    type = run.self.datatypes.get_committed(datatype);
  }
  if (root == MPI_ROOT) {
    run.recv = pack_block(buffer, count, *type);
    shape.out_block = shape.bytes_sent = size_of(run.recv);
  } else if (root != MPI_PROC_NULL) {
    run.recv.resize(static_cast<std::size_t>(count * type->size()));
    shape.in_block = shape.bytes_received = size_of(run.recv);
  }
  run_inter_collective(run, shape);
  if (root >= 0) unpack_all(run.recv, *type, buffer);
}

void intercomm_gather_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                           void* recvbuf, int recvcount, MPI_Datatype recvtype, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Gather, "MPI_Gather", root);
  InterCallShape shape;
  DatatypeRef rtype;
  if (root == MPI_ROOT) {
    require_count(recvcount);
    rtype = run.self.datatypes.get_committed(recvtype);
    const std::vector<int> counts(static_cast<std::size_t>(comm.peer_size()), recvcount);
    run.recv.resize(static_cast<std::size_t>(lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
    shape.in_block = recvcount * rtype->size();
    shape.bytes_received = size_of(run.recv);
  } else if (root != MPI_PROC_NULL) {
    require_count(sendcount);
    reject_in_place(sendbuf, "sendbuf");
    run.send = pack_block(sendbuf, sendcount, *run.self.datatypes.get_committed(sendtype));
    shape.out_block = shape.bytes_sent = size_of(run.send);
  }
  run_inter_collective(run, shape);
  if (root == MPI_ROOT) unpack_all(run.recv, *rtype, recvbuf);
}

void intercomm_gatherv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Gatherv, "MPI_Gatherv", root);
  InterCallShape shape;
  DatatypeRef rtype;
  if (root == MPI_ROOT) {
    const auto counts = remote_counts(recvcounts, comm, "recvcounts");
    require_pointer(displs, "displs");
    rtype = run.self.datatypes.get_committed(recvtype);
    run.recv.resize(static_cast<std::size_t>(lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
    shape.bytes_received = size_of(run.recv);
  } else if (root != MPI_PROC_NULL) {
    require_count(sendcount);
    reject_in_place(sendbuf, "sendbuf");
    run.send = pack_block(sendbuf, sendcount, *run.self.datatypes.get_committed(sendtype));
    shape.bytes_sent = size_of(run.send);
  }
  run_inter_collective(run, shape);
  if (root == MPI_ROOT) {
    unpack_blocks(run.recv, run.block_offset, run.block_bytes,
                  std::span<const int>(displs, static_cast<std::size_t>(comm.peer_size())), *rtype, recvbuf);
  }
}

void intercomm_scatter_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                            MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Scatter, "MPI_Scatter", root);
  InterCallShape shape;
  DatatypeRef rtype;
  if (root == MPI_ROOT) {
    require_count(sendcount);
    const auto stype = run.self.datatypes.get_committed(sendtype);
    const std::vector<int> counts(static_cast<std::size_t>(comm.peer_size()), sendcount);
    lay_out_blocks(counts, *stype, run.block_offset, run.block_bytes);
    run.send = pack_block(sendbuf, std::int64_t{sendcount} * comm.peer_size(), *stype);
    shape.out_block = sendcount * stype->size();
    shape.bytes_sent = size_of(run.send);
  } else if (root != MPI_PROC_NULL) {
    require_count(recvcount);
    reject_in_place(recvbuf, "recvbuf");
    rtype = run.self.datatypes.get_committed(recvtype);
    run.recv.resize(static_cast<std::size_t>(recvcount * rtype->size()));
    shape.in_block = shape.bytes_received = size_of(run.recv);
  }
  run_inter_collective(run, shape);
  if (root >= 0) unpack_all(run.recv, *rtype, recvbuf);
}

void intercomm_scatterv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, const int sendcounts[],
                             const int displs[], MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Scatterv, "MPI_Scatterv", root);
  InterCallShape shape;
  DatatypeRef rtype;
  if (root == MPI_ROOT) {
    const auto counts = remote_counts(sendcounts, comm, "sendcounts");
    require_pointer(displs, "displs");
    const auto stype = run.self.datatypes.get_committed(sendtype);
    lay_out_blocks(counts, *stype, run.block_offset, run.block_bytes);
    for (std::size_t i = 0; i < counts.size(); ++i) {
      const auto block = pack_block(element_at(sendbuf, displs[i], *stype), counts[i], *stype);
      run.send.insert(run.send.end(), block.begin(), block.end());
    }
    shape.bytes_sent = size_of(run.send);
  } else if (root != MPI_PROC_NULL) {
    require_count(recvcount);
    reject_in_place(recvbuf, "recvbuf");
    rtype = run.self.datatypes.get_committed(recvtype);
    run.recv.resize(static_cast<std::size_t>(recvcount * rtype->size()));
    shape.bytes_received = size_of(run.recv);
  }
  run_inter_collective(run, shape);
  if (root >= 0) unpack_all(run.recv, *rtype, recvbuf);
}

void intercomm_reduce_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, int root) {
  CollectiveRun run = rooted_run(comm, handle, Op::Reduce, "MPI_Reduce", root);
  InterCallShape shape;
  DatatypeRef type;
  if (root != MPI_PROC_NULL) type = prepare_reduction(run, count, datatype, op);
  if (root == MPI_ROOT) {
    run.recv.resize(static_cast<std::size_t>(count * type->size()));
    shape.in_block = shape.bytes_received = size_of(run.recv);
  } else if (root != MPI_PROC_NULL) {
    reject_in_place(sendbuf, "sendbuf");
    run.send = pack_block(sendbuf, count, *type);
    shape.out_block = shape.bytes_sent = size_of(run.send);
  }
  run_inter_collective(run, shape);
  if (root == MPI_ROOT) unpack_all(run.recv, *type, recvbuf);
}

}  // namespace xo::mpi
