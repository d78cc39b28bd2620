/* The nonblocking collectives with per-rank counts (and MPI_Ireduce_scatter, whose counts say how
   the result is split): recorded as wrap_nonblocking_collectives.c records the others, with the
   bytes their blocking twins in wrap_collectives.c count. The count arrays are read when the call
   starts, where the program must keep them valid anyway. */

#include "wrap_support.h"

int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Igatherv);
  const int result =
      PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Igatherv, comm, part.logged,
                          part.own_block ? xo_bytes(sendcount, sendtype) : 0,
                          part.is_root ? xo_total_bytes(recvcounts, recvtype, part.peers) : 0);
  }
  xo_leave(XO_PMPI_MPI_Igatherv, traced);
  return result;
}

int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iscatterv);
  const int result =
      PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const xo_rooted part = xo_rooted_part(root, comm);
    xo_collective_started(*request, XO_PMPI_MPI_Iscatterv, comm, part.logged,
                          part.is_root ? xo_total_bytes(sendcounts, sendtype, part.peers) : 0,
                          part.own_block ? xo_bytes(recvcount, recvtype) : 0);
  }
  xo_leave(XO_PMPI_MPI_Iscatterv, traced);
  return result;
}

int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Iallgatherv);
  const int result =
      PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    xo_collective_started(*request, XO_PMPI_MPI_Iallgatherv, comm, XO_PMPI_ROOT_NONE, xo_bytes(sendcount, sendtype),
                          xo_total_bytes(recvcounts, recvtype, xo_peer_count(comm)));
  }
  xo_leave(XO_PMPI_MPI_Iallgatherv, traced);
  return result;
}

int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                   void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ialltoallv);
  const int result =
      PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const int size = xo_peer_count(comm);
    const uint64_t received = xo_total_bytes(recvcounts, recvtype, size);
    const uint64_t sent = sendbuf == MPI_IN_PLACE ? received : xo_total_bytes(sendcounts, sendtype, size);
    xo_collective_started(*request, XO_PMPI_MPI_Ialltoallv, comm, XO_PMPI_ROOT_NONE, sent, received);
  }
  xo_leave(XO_PMPI_MPI_Ialltoallv, traced);
  return result;
}

int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ialltoallw);
  const int result =
      PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const int size = xo_peer_count(comm);
    const uint64_t received = xo_typed_bytes(recvcounts, recvtypes, size);
    const uint64_t sent = sendbuf == MPI_IN_PLACE ? received : xo_typed_bytes(sendcounts, sendtypes, size);
    xo_collective_started(*request, XO_PMPI_MPI_Ialltoallw, comm, XO_PMPI_ROOT_NONE, sent, received);
  }
  xo_leave(XO_PMPI_MPI_Ialltoallw, traced);
  return result;
}

int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ireduce_scatter);
  const int result = PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request);
  if (traced && result == MPI_SUCCESS) {
    xo_collective_started(*request, XO_PMPI_MPI_Ireduce_scatter, comm, XO_PMPI_ROOT_NONE,
                          xo_total_bytes(recvcounts, type, xo_comm_size(comm)),
                          xo_bytes(recvcounts[xo_comm_rank(comm)], type));
  }
  xo_leave(XO_PMPI_MPI_Ireduce_scatter, traced);
  return result;
}
