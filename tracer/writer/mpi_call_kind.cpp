#include "mpi_call_kind.hpp"

#include <array>

namespace xo::tracer {

namespace {

struct KnownCall {
  std::string_view name;
  MpiCallKind kind;
};

constexpr MpiCallKind p2p{OTF2_REGION_ROLE_POINT2POINT, std::nullopt};

// Roles as OTF2_Definitions.h defines them: one-to-all, all-to-one, all-to-all and the rest
// (scans; the communicator calls, which OTF2 records as CREATE_HANDLE / DESTROY_HANDLE
// collectives around CommCreate / CommDestroy).
constexpr std::array kKnownCalls{
    KnownCall{"MPI_Barrier", {OTF2_REGION_ROLE_BARRIER, OTF2_COLLECTIVE_OP_BARRIER}},
    KnownCall{"MPI_Bcast", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_BCAST}},
    KnownCall{"MPI_Scatter", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTER}},
    KnownCall{"MPI_Scatterv", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTERV}},
    KnownCall{"MPI_Gather", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHER}},
    KnownCall{"MPI_Gatherv", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHERV}},
    KnownCall{"MPI_Reduce", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_REDUCE}},
    KnownCall{"MPI_Allgather", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Allgatherv", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Alltoall", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Alltoallv", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Alltoallw", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    KnownCall{"MPI_Allreduce", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLREDUCE}},
    KnownCall{"MPI_Reduce_scatter", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER}},
    KnownCall{"MPI_Reduce_scatter_block", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK}},
    KnownCall{"MPI_Scan", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_SCAN}},
    KnownCall{"MPI_Exscan", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_EXSCAN}},
    KnownCall{"MPI_Comm_dup", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_split", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_create", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_free", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_DESTROY_HANDLE}},
    KnownCall{"MPI_Comm_idup", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_idup_with_info", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_dup_with_info", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_split_type", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Comm_create_group", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Cart_create", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Cart_sub", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Graph_create", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Dist_graph_create", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Dist_graph_create_adjacent", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    // Neighbourhood collectives have no operation of their own in OTF2 3.0: each is recorded as the
    // collective it generalises, and the role says it is not all-to-all.
    KnownCall{"MPI_Neighbor_allgather", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Neighbor_allgatherv", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Neighbor_alltoall", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Neighbor_alltoallv", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Neighbor_alltoallw", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    // Nonblocking collectives: the role and operation of their blocking twin, as Score-P does (OTF2
    // has no operations of their own for them; the region name tells them apart).
    KnownCall{"MPI_Ibarrier", {OTF2_REGION_ROLE_BARRIER, OTF2_COLLECTIVE_OP_BARRIER}},
    KnownCall{"MPI_Ibcast", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_BCAST}},
    KnownCall{"MPI_Iscatter", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTER}},
    KnownCall{"MPI_Iscatterv", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTERV}},
    KnownCall{"MPI_Igather", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHER}},
    KnownCall{"MPI_Igatherv", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHERV}},
    KnownCall{"MPI_Ireduce", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_REDUCE}},
    KnownCall{"MPI_Iallgather", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Iallgatherv", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Ialltoall", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Ialltoallv", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Ialltoallw", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    KnownCall{"MPI_Iallreduce", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLREDUCE}},
    KnownCall{"MPI_Ireduce_scatter", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER}},
    KnownCall{"MPI_Ireduce_scatter_block", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK}},
    KnownCall{"MPI_Iscan", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_SCAN}},
    KnownCall{"MPI_Iexscan", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_EXSCAN}},
    KnownCall{"MPI_Ineighbor_allgather", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Ineighbor_allgatherv", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Ineighbor_alltoall", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Ineighbor_alltoallv", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Ineighbor_alltoallw", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    // Persistent collectives (MPI-4.0 section 6.13): each MPI_Start of one starts a nonblocking
    // collective named by its init call, with the role and operation of the blocking twin.
    KnownCall{"MPI_Barrier_init", {OTF2_REGION_ROLE_BARRIER, OTF2_COLLECTIVE_OP_BARRIER}},
    KnownCall{"MPI_Bcast_init", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_BCAST}},
    KnownCall{"MPI_Scatter_init", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTER}},
    KnownCall{"MPI_Scatterv_init", {OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_COLLECTIVE_OP_SCATTERV}},
    KnownCall{"MPI_Gather_init", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHER}},
    KnownCall{"MPI_Gatherv_init", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_GATHERV}},
    KnownCall{"MPI_Reduce_init", {OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_COLLECTIVE_OP_REDUCE}},
    KnownCall{"MPI_Allgather_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Allgatherv_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Alltoall_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Alltoallv_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Alltoallw_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    KnownCall{"MPI_Allreduce_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_ALLREDUCE}},
    KnownCall{"MPI_Reduce_scatter_init", {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER}},
    KnownCall{"MPI_Reduce_scatter_block_init",
              {OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK}},
    KnownCall{"MPI_Scan_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_SCAN}},
    KnownCall{"MPI_Exscan_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_EXSCAN}},
    KnownCall{"MPI_Neighbor_allgather_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHER}},
    KnownCall{"MPI_Neighbor_allgatherv_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLGATHERV}},
    KnownCall{"MPI_Neighbor_alltoall_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALL}},
    KnownCall{"MPI_Neighbor_alltoallv_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLV}},
    KnownCall{"MPI_Neighbor_alltoallw_init", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_ALLTOALLW}},
    KnownCall{"MPI_Intercomm_create", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Intercomm_merge", {OTF2_REGION_ROLE_COLL_OTHER, OTF2_COLLECTIVE_OP_CREATE_HANDLE}},
    KnownCall{"MPI_Send", p2p},
    KnownCall{"MPI_Bsend", p2p},
    KnownCall{"MPI_Ssend", p2p},
    KnownCall{"MPI_Rsend", p2p},
    KnownCall{"MPI_Isend", p2p},
    KnownCall{"MPI_Ibsend", p2p},
    KnownCall{"MPI_Issend", p2p},
    KnownCall{"MPI_Irsend", p2p},
    KnownCall{"MPI_Recv", p2p},
    KnownCall{"MPI_Irecv", p2p},
    KnownCall{"MPI_Sendrecv", p2p},
    KnownCall{"MPI_Sendrecv_replace", p2p},
    KnownCall{"MPI_Probe", p2p},
    KnownCall{"MPI_Iprobe", p2p},
    KnownCall{"MPI_Mprobe", p2p},
    KnownCall{"MPI_Improbe", p2p},
    KnownCall{"MPI_Mrecv", p2p},
    KnownCall{"MPI_Imrecv", p2p},
    KnownCall{"MPI_Request_get_status", p2p},
    KnownCall{"MPI_Wait", p2p},
    KnownCall{"MPI_Waitall", p2p},
    KnownCall{"MPI_Waitany", p2p},
    KnownCall{"MPI_Waitsome", p2p},
    KnownCall{"MPI_Test", p2p},
    KnownCall{"MPI_Testall", p2p},
    KnownCall{"MPI_Testany", p2p},
    KnownCall{"MPI_Testsome", p2p},
    KnownCall{"MPI_Cancel", p2p},
    KnownCall{"MPI_Request_free", p2p},
    KnownCall{"MPI_Send_init", p2p},
    KnownCall{"MPI_Bsend_init", p2p},
    KnownCall{"MPI_Ssend_init", p2p},
    KnownCall{"MPI_Rsend_init", p2p},
    KnownCall{"MPI_Recv_init", p2p},
    KnownCall{"MPI_Start", p2p},
    KnownCall{"MPI_Startall", p2p},
};

}  // namespace

MpiCallKind mpi_call_kind(std::string_view call) {
  for (const KnownCall& known : kKnownCalls) {
    if (known.name == call) return known.kind;
  }
  return {};
}

}  // namespace xo::tracer
