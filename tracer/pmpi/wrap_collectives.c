/* The blocking collectives: MpiCollectiveBegin/End inside the call, with the root and the bytes
   this rank's buffers gave and got, as the reference MPI's traces count them
   (reference_mpi/collective/collective_trace.cpp): a broadcast's root sends its message and the
   others receive it; rooted gathers and reductions deliver at the root only; scatters read the
   send buffer at the root only. */

#include "wrap_support.h"

static int comm_size(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

static int comm_rank(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

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
    const int is_root = comm_rank(comm) == root;
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
    end(XO_PMPI_MPI_Reduce, comm, root, bytes, comm_rank(comm) == root ? bytes : 0);
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
    const int is_root = comm_rank(comm) == root;
    end(XO_PMPI_MPI_Gather, comm, root, xo_bytes(sendcount, sendtype),
        is_root ? xo_bytes(recvcount, recvtype) * (uint64_t)comm_size(comm) : 0);
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
    const int is_root = comm_rank(comm) == root;
    end(XO_PMPI_MPI_Scatter, comm, root, is_root ? xo_bytes(sendcount, sendtype) * (uint64_t)comm_size(comm) : 0,
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
        xo_bytes(recvcount, recvtype) * (uint64_t)comm_size(comm));
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
    const uint64_t size = (uint64_t)comm_size(comm);
    end(XO_PMPI_MPI_Alltoall, comm, -1, xo_bytes(sendcount, sendtype) * size, xo_bytes(recvcount, recvtype) * size);
  }
  xo_leave(XO_PMPI_MPI_Alltoall, traced);
  return result;
}
