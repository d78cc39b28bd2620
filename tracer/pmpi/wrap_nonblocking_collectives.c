/* The nonblocking collectives, as Score-P records them: NonBlockingCollectiveRequest in the call
   that starts one, NonBlockingCollectiveComplete (with the operation, root and bytes a blocking
   call would record) in the wait or test that sees it complete (wrap_point_to_point.c). The ones
   with per-rank counts are in wrap_nonblocking_v_collectives.c. */

#include "wrap_support.h"

void xo_collective_started(MPI_Request request, enum xo_pmpi_call call, MPI_Comm comm, int32_t root, uint64_t sent,
                           uint64_t received) {
  const xo_request r = {.kind = XO_REQUEST_COLLECTIVE,
                        .comm = xo_comm_id(comm),
                        .call = (int32_t)call,
                        .root = root,
                        .sent = sent,
                        .received = received};
  const uint64_t id = xo_request_started(request, r);
  xo_log_append(XO_PMPI_COLLECTIVE_REQUEST, xo_now_ns(), 0, 0, 0, id);
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ibarrier);
  const int result = PMPI_Ibarrier(comm, request);
  if (traced && result == MPI_SUCCESS) {
    xo_collective_started(*request, XO_PMPI_MPI_Ibarrier, comm, XO_PMPI_ROOT_NONE, 0, 0);
  }
  xo_leave(XO_PMPI_MPI_Ibarrier, traced);
  return result;
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ibcast);
  const int result = PMPI_Ibcast(buffer, count, type, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t bytes = xo_bytes(count, type);
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Ibcast, comm, part.logged, part.is_root ? bytes : 0,
                          part.own_block && !part.is_root ? bytes : 0);
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
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Ireduce, comm, part.logged, part.own_block ? bytes : 0,
                          part.is_root ? bytes : 0);
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
    xo_collective_started(*request, XO_PMPI_MPI_Iallreduce, comm, XO_PMPI_ROOT_NONE, bytes, bytes);
  }
  xo_leave(XO_PMPI_MPI_Iallreduce, traced);
  return result;
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iallgather);
  const int result = PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    xo_collective_started(*request, XO_PMPI_MPI_Iallgather, comm, XO_PMPI_ROOT_NONE, xo_bytes(sendcount, sendtype),
                          xo_bytes(recvcount, recvtype) * (uint64_t)xo_peer_count(comm));
  }
  xo_leave(XO_PMPI_MPI_Iallgather, traced);
  return result;
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ialltoall);
  const int result = PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t size = (uint64_t)xo_peer_count(comm);
    xo_collective_started(*request, XO_PMPI_MPI_Ialltoall, comm, XO_PMPI_ROOT_NONE,
                          xo_bytes(sendcount, sendtype) * size, xo_bytes(recvcount, recvtype) * size);
  }
  xo_leave(XO_PMPI_MPI_Ialltoall, traced);
  return result;
}

int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Igather);
  const int result = PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Igather, comm, part.logged,
                          part.own_block ? xo_bytes(sendcount, sendtype) : 0,
                          part.is_root ? xo_bytes(recvcount, recvtype) * (uint64_t)part.peers : 0);
  }
  xo_leave(XO_PMPI_MPI_Igather, traced);
  return result;
}

int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iscatter);
  const int result = PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Iscatter, comm, part.logged,
                          part.is_root ? xo_bytes(sendcount, sendtype) * (uint64_t)part.peers : 0,
                          part.own_block ? xo_bytes(recvcount, recvtype) : 0);
  }
  xo_leave(XO_PMPI_MPI_Iscatter, traced);
  return result;
}

int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ireduce_scatter_block);
  const int result = PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t block = xo_bytes(recvcount, type);
    xo_collective_started(*request, XO_PMPI_MPI_Ireduce_scatter_block, comm, XO_PMPI_ROOT_NONE,
                          block * (uint64_t)xo_comm_size(comm), block);
  }
  xo_leave(XO_PMPI_MPI_Ireduce_scatter_block, traced);
  return result;
}

static int prefix_reduction(enum xo_pmpi_call call,
                            int (*reduce)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request*),
                            const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                            MPI_Request* request) {
  const int traced = xo_enter(call);
  const int result = reduce(sendbuf, recvbuf, count, type, op, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const uint64_t bytes = xo_bytes(count, type);
    xo_collective_started(*request, call, comm, XO_PMPI_ROOT_NONE, bytes, bytes);
  }
  xo_leave(call, traced);
  return result;
}

int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request* request) {
  return prefix_reduction(XO_PMPI_MPI_Iscan, PMPI_Iscan, sendbuf, recvbuf, count, type, op, comm, request);
}
int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request* request) {
  return prefix_reduction(XO_PMPI_MPI_Iexscan, PMPI_Iexscan, sendbuf, recvbuf, count, type, op, comm, request);
}
