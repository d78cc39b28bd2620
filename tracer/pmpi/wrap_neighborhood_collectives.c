/* The neighbourhood collectives (MPI-3.1 section 7.6), blocking and nonblocking: each rank trades
   blocks with its neighbours in the communicator's virtual topology only. OTF2 has no operation of
   their own: the import records each as the collective it generalises (allgather, alltoall ...; see
   tracer/writer/mpi_call_kind.cpp) in a region named after the call. Bytes as the reference MPI
   counts them (reference_mpi/api/api_neighbor.cpp): the blocks sent to and received from
   neighbours that are processes (on a Cartesian grid, the neighbour past the edge of a non-periodic
   dimension is MPI_PROC_NULL and moves nothing), and an allgather's one send block once. */

#include "wrap_support.h"

/* The neighbours the call's buffers hold blocks for, in the order the call uses them. */
typedef struct {
  MPI_Comm comm;
  int sources;
  int destinations;
  int cart_dims; /* a Cartesian grid's dimensions (0: another topology), two neighbours each: -1, +1 */
} neighbourhood;

static neighbourhood neighbourhood_of(MPI_Comm comm) {
  neighbourhood n = {comm, 0, 0, 0};
  int kind = MPI_UNDEFINED;
  PMPI_Topo_test(comm, &kind);
  if (kind == MPI_CART) {
    PMPI_Cartdim_get(comm, &n.cart_dims);
    n.sources = n.destinations = 2 * n.cart_dims;
  } else if (kind == MPI_GRAPH) {
    PMPI_Graph_neighbors_count(comm, xo_comm_rank(comm), &n.sources);
    n.destinations = n.sources;
  } else if (kind == MPI_DIST_GRAPH) {
    int weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, &n.sources, &n.destinations, &weighted);
  }
  return n;
}

/* Whether neighbour `k` is a process. A Cartesian grid's sources and destinations are the same
   ranks: in dimension d, 2d the one below and 2d + 1 the one above. */
static int is_process(const neighbourhood* n, int k) {
  if (n->cart_dims == 0) return 1;
  int below = MPI_PROC_NULL, above = MPI_PROC_NULL;
  PMPI_Cart_shift(n->comm, k / 2, 1, &below, &above);
  return (k % 2 == 0 ? below : above) != MPI_PROC_NULL;
}

/* The bytes of `blocks` blocks that move: block k is counts[k] elements (`each` if counts is null)
   of types[k] (`type` if types is null). */
static uint64_t moved(const neighbourhood* n, int blocks, int each, const int* counts, MPI_Datatype type,
                      const MPI_Datatype* types) {
  uint64_t sum = 0;
  for (int k = 0; k < blocks; ++k) {
    if (is_process(n, k)) sum += xo_bytes(counts != NULL ? counts[k] : each, types != NULL ? types[k] : type);
  }
  return sum;
}

typedef struct {
  uint64_t sent;
  uint64_t received;
} traffic;

static traffic allgather(MPI_Comm comm, int sendcount, MPI_Datatype sendtype, int recvcount, const int* recvcounts,
                         MPI_Datatype recvtype) {
  const neighbourhood n = neighbourhood_of(comm);
  return (traffic){n.destinations > 0 ? xo_bytes(sendcount, sendtype) : 0,
                   moved(&n, n.sources, recvcount, recvcounts, recvtype, NULL)};
}

static traffic alltoall(MPI_Comm comm, int sendcount, const int* sendcounts, MPI_Datatype sendtype,
                        const MPI_Datatype* sendtypes, int recvcount, const int* recvcounts, MPI_Datatype recvtype,
                        const MPI_Datatype* recvtypes) {
  const neighbourhood n = neighbourhood_of(comm);
  return (traffic){moved(&n, n.destinations, sendcount, sendcounts, sendtype, sendtypes),
                   moved(&n, n.sources, recvcount, recvcounts, recvtype, recvtypes)};
}

int MPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Neighbor_allgather);
  if (traced) xo_collective_begin();
  const int result = PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    const traffic t = allgather(comm, sendcount, sendtype, recvcount, NULL, recvtype);
    xo_collective_end(XO_PMPI_MPI_Neighbor_allgather, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Neighbor_allgather, traced);
  return result;
}

int MPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Neighbor_allgatherv);
  if (traced) xo_collective_begin();
  const int result =
      PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  if (traced) {
    const traffic t = allgather(comm, sendcount, sendtype, 0, recvcounts, recvtype);
    xo_collective_end(XO_PMPI_MPI_Neighbor_allgatherv, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Neighbor_allgatherv, traced);
  return result;
}

int MPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Neighbor_alltoall);
  if (traced) xo_collective_begin();
  const int result = PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (traced) {
    const traffic t = alltoall(comm, sendcount, NULL, sendtype, NULL, recvcount, NULL, recvtype, NULL);
    xo_collective_end(XO_PMPI_MPI_Neighbor_alltoall, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Neighbor_alltoall, traced);
  return result;
}

int MPI_Neighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Neighbor_alltoallv);
  if (traced) xo_collective_begin();
  const int result =
      PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  if (traced) {
    const traffic t = alltoall(comm, 0, sendcounts, sendtype, NULL, 0, recvcounts, recvtype, NULL);
    xo_collective_end(XO_PMPI_MPI_Neighbor_alltoallv, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Neighbor_alltoallv, traced);
  return result;
}

int MPI_Neighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Neighbor_alltoallw);
  if (traced) xo_collective_begin();
  const int result =
      PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
  if (traced) {
    const traffic t =
        alltoall(comm, 0, sendcounts, MPI_DATATYPE_NULL, sendtypes, 0, recvcounts, MPI_DATATYPE_NULL, recvtypes);
    xo_collective_end(XO_PMPI_MPI_Neighbor_alltoallw, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Neighbor_alltoallw, traced);
  return result;
}

int MPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ineighbor_allgather);
  const int result =
      PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const traffic t = allgather(comm, sendcount, sendtype, recvcount, NULL, recvtype);
    xo_collective_started(*request, XO_PMPI_MPI_Ineighbor_allgather, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Ineighbor_allgather, traced);
  return result;
}

int MPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ineighbor_allgatherv);
  const int result =
      PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const traffic t = allgather(comm, sendcount, sendtype, 0, recvcounts, recvtype);
    xo_collective_started(*request, XO_PMPI_MPI_Ineighbor_allgatherv, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Ineighbor_allgatherv, traced);
  return result;
}

int MPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ineighbor_alltoall);
  const int result = PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const traffic t = alltoall(comm, sendcount, NULL, sendtype, NULL, recvcount, NULL, recvtype, NULL);
    xo_collective_started(*request, XO_PMPI_MPI_Ineighbor_alltoall, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Ineighbor_alltoall, traced);
  return result;
}

int MPI_Ineighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ineighbor_alltoallv);
  const int result = PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                              recvtype, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const traffic t = alltoall(comm, 0, sendcounts, sendtype, NULL, 0, recvcounts, recvtype, NULL);
    xo_collective_started(*request, XO_PMPI_MPI_Ineighbor_alltoallv, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Ineighbor_alltoallv, traced);
  return result;
}

int MPI_Ineighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request* request) {
  const int traced = xo_enter(XO_PMPI_MPI_Ineighbor_alltoallw);
  const int result = PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                              recvtypes, comm, request);
  if (traced && result == MPI_SUCCESS) {
    const traffic t =
        alltoall(comm, 0, sendcounts, MPI_DATATYPE_NULL, sendtypes, 0, recvcounts, MPI_DATATYPE_NULL, recvtypes);
    xo_collective_started(*request, XO_PMPI_MPI_Ineighbor_alltoallw, comm, XO_PMPI_ROOT_NONE, t.sent, t.received);
  }
  xo_leave(XO_PMPI_MPI_Ineighbor_alltoallw, traced);
  return result;
}
