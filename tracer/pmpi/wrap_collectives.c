/* The blocking collectives: MpiCollectiveBegin/End inside the call, with the root and the bytes
   this rank's buffers gave and got, as the reference MPI's traces count them
   (reference_mpi/collective/collective_trace.cpp): a broadcast's root sends its message and the
   others receive it; rooted gathers and reductions deliver at the root only; scatters read the
   send buffer at the root only. */

#include "wrap_support.h"

static void begin(void) { xo_log_append(XO_PMPI_COLLECTIVE_BEGIN, xo_now_ns(), 0, 0, 0, 0); }

static void end(enum xo_pmpi_call call, MPI_Comm comm, int root, uint64_t sent, uint64_t received) {
  const int64_t now = xo_now_ns();
  xo_log_append(XO_PMPI_COLLECTIVE_END, now, (int32_t)call, xo_comm_id(comm), root, sent);
  xo_log_append(XO_PMPI_EXTRA, now, 0, 0, 0, received);
}

int MPI_Barrier(MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Barrier);
  if (traced) begin();
  const int result = PMPI_Barrier(comm);
  if (traced) end(XO_PMPI_MPI_Barrier, comm, -1, 0, 0);
  xo_leave(XO_PMPI_MPI_Barrier, traced);
  return result;
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Bcast);
  if (traced) begin();
  const int result = PMPI_Bcast(buffer, count, type, root, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    const int is_root = xo_comm_rank(comm) == root;
    end(XO_PMPI_MPI_Bcast, comm, root, is_root ? bytes : 0, is_root ? 0 : bytes);
  }
  xo_leave(XO_PMPI_MPI_Bcast, traced);
  return result;
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce);
  if (traced) begin();
  const int result = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    end(XO_PMPI_MPI_Reduce, comm, root, bytes, xo_comm_rank(comm) == root ? bytes : 0);
  }
  xo_leave(XO_PMPI_MPI_Reduce, traced);
  return result;
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allreduce);
  if (traced) begin();
  const int result = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    end(XO_PMPI_MPI_Allreduce, comm, -1, bytes, bytes);
  }
  xo_leave(XO_PMPI_MPI_Allreduce, traced);
  return result;
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Gather);
  if (traced) begin();
  const int result = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const int is_root = xo_comm_rank(comm) == root;
    end(XO_PMPI_MPI_Gather, comm, root, xo_bytes(sendcount, sendtype),
        is_root ? xo_bytes(recvcount, recvtype) * (uint64_t)xo_comm_size(comm) : 0);
  }
  xo_leave(XO_PMPI_MPI_Gather, traced);
  return result;
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Scatter);
  if (traced) begin();
  const int result = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const int is_root = xo_comm_rank(comm) == root;
    end(XO_PMPI_MPI_Scatter, comm, root, is_root ? xo_bytes(sendcount, sendtype) * (uint64_t)xo_comm_size(comm) : 0,
        xo_bytes(recvcount, recvtype));
  }
  xo_leave(XO_PMPI_MPI_Scatter, traced);
  return result;
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allgather);
  if (traced) begin();
  const int result = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    end(XO_PMPI_MPI_Allgather, comm, -1, xo_bytes(sendcount, sendtype),
        xo_bytes(recvcount, recvtype) * (uint64_t)xo_comm_size(comm));
  }
  xo_leave(XO_PMPI_MPI_Allgather, traced);
  return result;
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Alltoall);
  if (traced) begin();
  const int result = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    const uint64_t size = (uint64_t)xo_comm_size(comm);
    end(XO_PMPI_MPI_Alltoall, comm, -1, xo_bytes(sendcount, sendtype) * size, xo_bytes(recvcount, recvtype) * size);
  }
  xo_leave(XO_PMPI_MPI_Alltoall, traced);
  return result;
}

/* The sum of `counts` over the communicator's ranks, in bytes of `type`. */
static uint64_t total_bytes(const int* counts, MPI_Datatype type, int ranks) {
  uint64_t sum = 0;
  for (int i = 0; i < ranks; ++i) sum += xo_bytes(counts[i], type);
  return sum;
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Gatherv);
  if (traced) begin();
  const int result = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  if (traced) {
    const int is_root = xo_comm_rank(comm) == root;
    end(XO_PMPI_MPI_Gatherv, comm, root, xo_bytes(sendcount, sendtype),
        is_root ? total_bytes(recvcounts, recvtype, xo_comm_size(comm)) : 0);
  }
  xo_leave(XO_PMPI_MPI_Gatherv, traced);
  return result;
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Scatterv);
  if (traced) begin();
  const int result = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (traced) {
    const int is_root = xo_comm_rank(comm) == root;
    end(XO_PMPI_MPI_Scatterv, comm, root, is_root ? total_bytes(sendcounts, sendtype, xo_comm_size(comm)) : 0,
        xo_bytes(recvcount, recvtype));
  }
  xo_leave(XO_PMPI_MPI_Scatterv, traced);
  return result;
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Allgatherv);
  if (traced) begin();
  const int result = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  if (traced) {
    end(XO_PMPI_MPI_Allgatherv, comm, -1, xo_bytes(sendcount, sendtype),
        total_bytes(recvcounts, recvtype, xo_comm_size(comm)));
  }
  xo_leave(XO_PMPI_MPI_Allgatherv, traced);
  return result;
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Alltoallv);
  if (traced) begin();
  const int result =
      PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  if (traced) {
    const int size = xo_comm_size(comm);
    end(XO_PMPI_MPI_Alltoallv, comm, -1, total_bytes(sendcounts, sendtype, size), total_bytes(recvcounts, recvtype, size));
  }
  xo_leave(XO_PMPI_MPI_Alltoallv, traced);
  return result;
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce_scatter);
  if (traced) begin();
  const int result = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  if (traced) {
    end(XO_PMPI_MPI_Reduce_scatter, comm, -1, total_bytes(recvcounts, type, xo_comm_size(comm)),
        xo_bytes(recvcounts[xo_comm_rank(comm)], type));
  }
  xo_leave(XO_PMPI_MPI_Reduce_scatter, traced);
  return result;
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Reduce_scatter_block);
  if (traced) begin();
  const int result = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  if (traced) {
    const uint64_t block = xo_bytes(recvcount, type);
    end(XO_PMPI_MPI_Reduce_scatter_block, comm, -1, block * (uint64_t)xo_comm_size(comm), block);
  }
  xo_leave(XO_PMPI_MPI_Reduce_scatter_block, traced);
  return result;
}

static int prefix_reduction(enum xo_pmpi_call call,
                            int (*reduce)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm),
                            const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  const int traced = xo_enter(call);
  if (traced) begin();
  const int result = reduce(sendbuf, recvbuf, count, type, op, comm);
  if (traced) {
    const uint64_t bytes = xo_bytes(count, type);
    end(call, comm, -1, bytes, bytes);
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
