/* The blocking collectives: MpiCollectiveBegin/End inside the call, with the root and the bytes
   this rank's buffers gave and got, as the reference MPI's traces count them
   (reference_mpi/collective/collective_trace.cpp): a broadcast's root sends its message and the
   others receive it; rooted gathers and reductions deliver at the root only; scatters read the
   send buffer at the root only. On an intercommunicator the blocks go to and come from the remote
   group, and a rooted operation's root and bystanders are as xo_rooted_part says. An all-to-all
   in place ignores its send counts (they may be null): it sends what it receives. */

#include "wrap_support.h"

int MPI_Barrier(MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Barrier);
  if (traced) xo_collective_begin();
  const int result = PMPI_Barrier(comm);
  if (traced) xo_collective_end(XO_PMPI_MPI_Barrier, comm, XO_PMPI_ROOT_NONE, 0, 0);
  xo_leave(XO_PMPI_MPI_Barrier, traced);
  return result;
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Bcast);
  if (traced) xo_collective_begin();
  const int result = PMPI_Bcast(buffer, count, type, root, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Bcast, comm, part.logged, part.is_root ? bytes : 0,
                      part.own_block && !part.is_root ? bytes : 0);
  }
  xo_leave(XO_PMPI_MPI_Bcast, traced);
  return result;
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce);
  if (traced) xo_collective_begin();
  const int result = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Reduce, comm, part.logged, part.own_block ? bytes : 0, part.is_root ? bytes : 0);
  }
  xo_leave(XO_PMPI_MPI_Reduce, traced);
  return result;
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allreduce);
  if (traced) xo_collective_begin();
  const int result = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    xo_collective_end(XO_PMPI_MPI_Allreduce, comm, XO_PMPI_ROOT_NONE, bytes, bytes);
  }
  xo_leave(XO_PMPI_MPI_Allreduce, traced);
  return result;
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Gather);
  if (traced) xo_collective_begin();
  const int result = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Gather, comm, part.logged, part.own_block ? xo_bytes(sendcount, sendtype) : 0,
                      part.is_root ? xo_bytes(recvcount, recvtype) * (uint64_t)part.peers : 0);
  }
  xo_leave(XO_PMPI_MPI_Gather, traced);
  return result;
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Scatter);
  if (traced) xo_collective_begin();
  const int result = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Scatter, comm, part.logged,
                      part.is_root ? xo_bytes(sendcount, sendtype) * (uint64_t)part.peers : 0,
                      part.own_block ? xo_bytes(recvcount, recvtype) : 0);
  }
  xo_leave(XO_PMPI_MPI_Scatter, traced);
  return result;
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allgather);
  if (traced) xo_collective_begin();
  const int result = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    xo_collective_end(XO_PMPI_MPI_Allgather, comm, XO_PMPI_ROOT_NONE, xo_bytes(sendcount, sendtype),
                      xo_bytes(recvcount, recvtype) * (uint64_t)xo_peer_count(comm));
  }
  xo_leave(XO_PMPI_MPI_Allgather, traced);
  return result;
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Alltoall);
  if (traced) xo_collective_begin();
  const int result = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    const uint64_t size = (uint64_t)xo_peer_count(comm);
    xo_collective_end(XO_PMPI_MPI_Alltoall, comm, XO_PMPI_ROOT_NONE, xo_bytes(sendcount, sendtype) * size,
                      xo_bytes(recvcount, recvtype) * size);
  }
  xo_leave(XO_PMPI_MPI_Alltoall, traced);
  return result;
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Gatherv);
  if (traced) xo_collective_begin();
  const int result = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  if (traced) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Gatherv, comm, part.logged, part.own_block ? xo_bytes(sendcount, sendtype) : 0,
                      part.is_root ? xo_total_bytes(recvcounts, recvtype, part.peers) : 0);
  }
  xo_leave(XO_PMPI_MPI_Gatherv, traced);
  return result;
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Scatterv);
  if (traced) xo_collective_begin();
  const int result = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_end(XO_PMPI_MPI_Scatterv, comm, part.logged,
                      part.is_root ? xo_total_bytes(sendcounts, sendtype, part.peers) : 0,
                      part.own_block ? xo_bytes(recvcount, recvtype) : 0);
  }
  xo_leave(XO_PMPI_MPI_Scatterv, traced);
  return result;
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allgatherv);
  if (traced) xo_collective_begin();
  const int result = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  if (traced) {
    xo_collective_end(XO_PMPI_MPI_Allgatherv, comm, XO_PMPI_ROOT_NONE, xo_bytes(sendcount, sendtype),
                      xo_total_bytes(recvcounts, recvtype, xo_peer_count(comm)));
  }
  xo_leave(XO_PMPI_MPI_Allgatherv, traced);
  return result;
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Alltoallv);
  if (traced) xo_collective_begin();
  const int result =
      PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  if (traced) {
    const int size = xo_peer_count(comm);
    const uint64_t received = xo_total_bytes(recvcounts, recvtype, size);
    const uint64_t sent = sendbuf == MPI_IN_PLACE ? received : xo_total_bytes(sendcounts, sendtype, size);
    xo_collective_end(XO_PMPI_MPI_Alltoallv, comm, XO_PMPI_ROOT_NONE, sent, received);
  }
  xo_leave(XO_PMPI_MPI_Alltoallv, traced);
  return result;
}

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Alltoallw);
  if (traced) xo_collective_begin();
  const int result =
      PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
  if (traced) {
    const int size = xo_peer_count(comm);
    const uint64_t received = xo_typed_bytes(recvcounts, recvtypes, size);
    const uint64_t sent = sendbuf == MPI_IN_PLACE ? received : xo_typed_bytes(sendcounts, sendtypes, size);
    xo_collective_end(XO_PMPI_MPI_Alltoallw, comm, XO_PMPI_ROOT_NONE, sent, received);
  }
  xo_leave(XO_PMPI_MPI_Alltoallw, traced);
  return result;
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce_scatter);
  if (traced) xo_collective_begin();
  const int result = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  if (traced) {
    xo_collective_end(XO_PMPI_MPI_Reduce_scatter, comm, XO_PMPI_ROOT_NONE,
                      xo_total_bytes(recvcounts, type, xo_comm_size(comm)),
                      xo_bytes(recvcounts[xo_comm_rank(comm)], type));
  }
  xo_leave(XO_PMPI_MPI_Reduce_scatter, traced);
  return result;
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce_scatter_block);
  if (traced) xo_collective_begin();
  const int result = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  if (traced) {
    const uint64_t block = xo_bytes(recvcount, type);
    xo_collective_end(XO_PMPI_MPI_Reduce_scatter_block, comm, XO_PMPI_ROOT_NONE, block * (uint64_t)xo_comm_size(comm),
                      block);
  }
  xo_leave(XO_PMPI_MPI_Reduce_scatter_block, traced);
  return result;
}

static int prefix_reduction(enum xo_pmpi_call call,
                            int (*reduce)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm), const void* sendbuf,
                            void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const int traced = xo_enter(call);
  if (traced) xo_collective_begin();
  const int result = reduce(sendbuf, recvbuf, count, type, op, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    xo_collective_end(call, comm, XO_PMPI_ROOT_NONE, bytes, bytes);
  }
  xo_leave(call, traced);
  return result;
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  return prefix_reduction(XO_PMPI_MPI_Scan, PMPI_Scan, sendbuf, recvbuf, count, type, op, comm);
}
int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  return prefix_reduction(XO_PMPI_MPI_Exscan, PMPI_Exscan, sendbuf, recvbuf, count, type, op, comm);
}
