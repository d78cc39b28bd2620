// The intercommunicator branches of MPI_Barrier, MPI_Allgather(v), MPI_Alltoall(v), MPI_Allreduce
// and MPI_Reduce_scatter: every process sends to the other group and receives from it, so receive
// counts and displacements have one entry per rank of the remote group.

#include <string>
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

std::span<const int> displacements(const int* displs, const CommHandle& comm, const char* what) {
  require_pointer(displs, what);
  return {displs, static_cast<std::size_t>(comm.peer_size())};
}

}  // namespace

void intercomm_barrier_call(CommHandle& comm, MPI_Comm handle) {
  CollectiveRun run(World::current(), comm, handle, Op::Barrier, "MPI_Barrier");
  run_inter_collective(run, {});
}

void intercomm_allgather_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                              MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype) {
  CollectiveRun run(World::current(), comm, handle, Op::Allgather, "MPI_Allgather");
  require_count(sendcount);
  require_count(recvcount);
  reject_in_place(sendbuf, "sendbuf");
  const auto rtype = run.self.datatypes.get_committed(recvtype);
  const std::vector<int> counts(static_cast<std::size_t>(comm.peer_size()), recvcount);
  run.recv.resize(static_cast<std::size_t>(lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
  run.send = pack_block(sendbuf, sendcount, *run.self.datatypes.get_committed(sendtype));
  run_inter_collective(run, {size_of(run.send), recvcount * rtype->size(), size_of(run.send), size_of(run.recv)});
  unpack_all(run.recv, *rtype, recvbuf);
}

void intercomm_allgatherv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                               MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype) {
  CollectiveRun run(World::current(), comm, handle, Op::Allgatherv, "MPI_Allgatherv");
  require_count(sendcount);
  reject_in_place(sendbuf, "sendbuf");
  const auto counts = remote_counts(recvcounts, comm, "recvcounts");
  const auto where = displacements(displs, comm, "displs");
  const auto rtype = run.self.datatypes.get_committed(recvtype);
  run.recv.resize(static_cast<std::size_t>(lay_out_blocks(counts, *rtype, run.block_offset, run.block_bytes)));
  run.send = pack_block(sendbuf, sendcount, *run.self.datatypes.get_committed(sendtype));
  run_inter_collective(run, {-1, -1, size_of(run.send), size_of(run.recv)});
  unpack_blocks(run.recv, run.block_offset, run.block_bytes, where, *rtype, recvbuf);
}

void intercomm_alltoall_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                             MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype) {
  CollectiveRun run(World::current(), comm, handle, Op::Alltoall, "MPI_Alltoall");
  require_count(sendcount);
  require_count(recvcount);
  reject_in_place(sendbuf, "sendbuf");
  const auto stype = run.self.datatypes.get_committed(sendtype);
  const auto rtype = run.self.datatypes.get_committed(recvtype);
  const auto remote = static_cast<std::size_t>(comm.peer_size());
  lay_out_blocks(std::vector<int>(remote, sendcount), *stype, run.send_offset, run.send_bytes);
  run.send = pack_block(sendbuf, std::int64_t{sendcount} * comm.peer_size(), *stype);
  run.recv.resize(static_cast<std::size_t>(
      lay_out_blocks(std::vector<int>(remote, recvcount), *rtype, run.block_offset, run.block_bytes)));
  run_inter_collective(run,
                       {sendcount * stype->size(), recvcount * rtype->size(), size_of(run.send), size_of(run.recv)});
  unpack_all(run.recv, *rtype, recvbuf);
}

void intercomm_alltoallv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, const int sendcounts[],
                              const int sdispls[], MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                              const int rdispls[], MPI_Datatype recvtype) {
  CollectiveRun run(World::current(), comm, handle, Op::Alltoallv, "MPI_Alltoallv");
  reject_in_place(sendbuf, "sendbuf");
  const auto scounts = remote_counts(sendcounts, comm, "sendcounts");
  const auto rcounts = remote_counts(recvcounts, comm, "recvcounts");
  const auto swhere = displacements(sdispls, comm, "sdispls");
  const auto rwhere = displacements(rdispls, comm, "rdispls");
  const auto stype = run.self.datatypes.get_committed(sendtype);
  const auto rtype = run.self.datatypes.get_committed(recvtype);
  lay_out_blocks(scounts, *stype, run.send_offset, run.send_bytes);
  for (std::size_t i = 0; i < scounts.size(); ++i) {
    const auto block = pack_block(element_at(sendbuf, swhere[i], *stype), scounts[i], *stype);
    run.send.insert(run.send.end(), block.begin(), block.end());
  }
  run.recv.resize(static_cast<std::size_t>(lay_out_blocks(rcounts, *rtype, run.block_offset, run.block_bytes)));
  run_inter_collective(run, {-1, -1, size_of(run.send), size_of(run.recv)});
  unpack_blocks(run.recv, run.block_offset, run.block_bytes, rwhere, *rtype, recvbuf);
}

void intercomm_allreduce_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op) {
  CollectiveRun run(World::current(), comm, handle, Op::Allreduce, "MPI_Allreduce");
  reject_in_place(sendbuf, "sendbuf");
  const auto type = prepare_reduction(run, count, datatype, op);
  run.send = pack_block(sendbuf, count, *type);
  run.recv.resize(run.send.size());
  // Both groups' vectors have `count` elements: what one leader sends is what the other receives.
  run_inter_collective(run, {size_of(run.send), size_of(run.recv), size_of(run.send), size_of(run.recv)});
  unpack_all(run.recv, *type, recvbuf);
}

void intercomm_reduce_scatter_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf,
                                   const int recvcounts[], MPI_Datatype datatype, MPI_Op op, const char* call) {
  CollectiveRun run(World::current(), comm, handle, Op::ReduceScatter, call);
  reject_in_place(sendbuf, "sendbuf");
  require_pointer(recvcounts, "recvcounts");
  const std::span<const int> counts(recvcounts, static_cast<std::size_t>(run.size));  // this group's
  check_counts(counts, "recvcounts");
  std::int64_t total = 0;
  for (int c : counts) total += c;
  if (total > 2147483647) throw MpiError(MPI_ERR_COUNT, "the recvcounts add up to more than 2^31 - 1 elements");
  const auto type = prepare_reduction(run, static_cast<int>(total), datatype, op);
  run.send = pack_block(sendbuf, total, *type);
  run.recv_counts.assign(counts.begin(), counts.end());
  run.recv.resize(static_cast<std::size_t>(counts[static_cast<std::size_t>(run.rank)] * type->size()));
  // MPI-3.1 section 5.10.1: both groups' vectors have the same number of elements.
  const std::int64_t vector = total * type->size();
  run_inter_collective(run, {vector, vector, size_of(run.send), size_of(run.recv)});
  unpack_all(run.recv, *type, recvbuf);
}

void reject_intercomm(const CommHandle& comm, const char* call) {
  throw MpiError(MPI_ERR_COMM, std::string(call) + " is not defined on an intercommunicator, and " + comm.shared->name +
                                   " is one; call it on an intracommunicator "
                                   "(MPI_Intercomm_merge makes one of both groups)");
}

}  // namespace xo::mpi
