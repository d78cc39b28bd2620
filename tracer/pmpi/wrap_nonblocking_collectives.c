/* The nonblocking collectives, as Score-P records them: NonBlockingCollectiveRequest in the call
   that starts one, NonBlockingCollectiveComplete (with the operation, root and bytes a blocking
   call would record) in the wait or test that sees it complete (wrap_point_to_point.c). */

#include "wrap_support.h"

/* After a successful start: the request remembered with what its completion will say. */
static void started(MPI_Request request, enum xo_pmpi_call call, MPI_Comm comm, int root, uint64_t sent,
                    uint64_t received) {
  const xo_request r = {.kind = XO_REQUEST_COLLECTIVE, .comm = xo_comm_id(comm), .call = (int32_t)call,
                        .root = root, .sent = sent, .received = received};
  const uint64_t id = xo_request_started(request, r);
  xo_log_append(XO_PMPI_COLLECTIVE_REQUEST, xo_now_ns(), 0, 0, 0, id);
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ibarrier);
  const int result = PMPI_Ibarrier(comm, request);
  if (traced && result == MPI_SUCCESS) started(*request, XO_PMPI_MPI_Ibarrier, comm, -1, 0, 0);
  xo_leave(XO_PMPI_MPI_Ibarrier, traced);
  return result;
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ibcast);
  const int result = PMPI_Ibcast(buffer, count, type, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t bytes = xo_bytes(count, type);
    const int is_root = xo_comm_rank(comm) == root;
    started(*request, XO_PMPI_MPI_Ibcast, comm, root, is_root ? bytes : 0, is_root ? 0 : bytes);
  }
  xo_leave(XO_PMPI_MPI_Ibcast, traced);
  return result;
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ireduce);
  const int result = PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t bytes = xo_bytes(count, type);
    started(*request, XO_PMPI_MPI_Ireduce, comm, root, bytes, xo_comm_rank(comm) == root ? bytes : 0);
  }
  xo_leave(XO_PMPI_MPI_Ireduce, traced);
  return result;
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iallreduce);
  const int result = PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t bytes = xo_bytes(count, type);
    started(*request, XO_PMPI_MPI_Iallreduce, comm, -1, bytes, bytes);
  }
  xo_leave(XO_PMPI_MPI_Iallreduce, traced);
  return result;
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iallgather);
  const int result = PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    started(*request, XO_PMPI_MPI_Iallgather, comm, -1, xo_bytes(sendcount, sendtype),
            xo_bytes(recvcount, recvtype) * (uint64_t)xo_comm_size(comm));
  }
  xo_leave(XO_PMPI_MPI_Iallgather, traced);
  return result;
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ialltoall);
  const int result = PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t size = (uint64_t)xo_comm_size(comm);
    started(*request, XO_PMPI_MPI_Ialltoall, comm, -1, xo_bytes(sendcount, sendtype) * size,
            xo_bytes(recvcount, recvtype) * size);
  }
  xo_leave(XO_PMPI_MPI_Ialltoall, traced);
  return result;
}
