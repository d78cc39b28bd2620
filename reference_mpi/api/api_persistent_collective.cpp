// MPI-4 persistent collectives (MPI-4.0 section 6.13): MPI_Bcast_init and the rest keep the
// call's arguments under an inactive persistent request; each MPI_Start begins the nonblocking
// collective with them (nonblocking_collective.hpp says how it progresses), and Wait or Test
// leaves the request inactive for the next start. The info argument is accepted and unused.

#include <memory>

#include "api_call.hpp"
#include "nonblocking_collective.hpp"
#include "xo/mpi/state/persistent_request.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::HeldHandles;

namespace {

// Files the inactive request. Arguments are checked at each start, by the twin.
int init(const char* call, MPI_Comm comm, MPI_Request* request, HeldHandles held, xo::mpi::BlockingTwin twin) {
  return api_call(call, comm, [&] {
    xo::mpi::require_pointer(request, "request");
    xo::mpi::RankState& self = xo::mpi::World::current().self();
    xo::mpi::CommHandle& handle = self.comms.get(comm);
    auto persistent = std::make_unique<xo::mpi::PersistentRequest>();
    persistent->operation = xo::mpi::PersistentRequest::Operation::Collective;
    persistent->init_call = call;
    persistent->comm = comm;
    persistent->twin = std::move(twin);
    persistent->held = std::move(held);
    persistent->number.call = ++handle.nonblocking_sequence;  // the init is ordered as a collective call
    *request = self.requests.add_persistent(std::move(persistent));
  });
}

}  // namespace

extern "C" {

int MPI_Barrier_init(MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Barrier_init", comm, request, {}, [=](MPI_Comm hidden) { return MPI_Barrier(hidden); });
}

int MPI_Bcast_init(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info,
                   MPI_Request* request) {
  return init("MPI_Bcast_init", comm, request, {{datatype}},
              [=](MPI_Comm hidden) { return MPI_Bcast(buffer, count, datatype, root, hidden); });
}

int MPI_Gather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Gather_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Gatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                     const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info,
                     MPI_Request* request) {
  return init("MPI_Gatherv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, hidden);
  });
}

int MPI_Scatter_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                     MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Scatter_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Scatterv_init(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                      void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info,
                      MPI_Request* request) {
  return init("MPI_Scatterv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Allgather_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info,
                        MPI_Request* request) {
  return init("MPI_Allgatherv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, hidden);
  });
}

int MPI_Alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                      MPI_Datatype recvtype, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Alltoall_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                       void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                       MPI_Info, MPI_Request* request) {
  return init("MPI_Alltoallv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, hidden);
  });
}

int MPI_Alltoallw_init(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                       void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                       MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Alltoallw_init", comm, request,
              xo::mpi::held_per_peer("MPI_Alltoallw_init", comm, sendtypes, recvtypes), [=](MPI_Comm hidden) {
                return MPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                     hidden);
              });
}

int MPI_Reduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                    MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Reduce_init", comm, request, {{datatype}, op},
              [=](MPI_Comm hidden) { return MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, hidden); });
}

int MPI_Allreduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                       MPI_Info, MPI_Request* request) {
  return init("MPI_Allreduce_init", comm, request, {{datatype}, op},
              [=](MPI_Comm hidden) { return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Reduce_scatter_init(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Reduce_scatter_init", comm, request, {{datatype}, op},
              [=](MPI_Comm hidden) { return MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, hidden); });
}

int MPI_Reduce_scatter_block_init(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                                  MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Reduce_scatter_block_init", comm, request, {{datatype}, op}, [=](MPI_Comm hidden) {
    return MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, hidden);
  });
}

int MPI_Scan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Info, MPI_Request* request) {
  return init("MPI_Scan_init", comm, request, {{datatype}, op},
              [=](MPI_Comm hidden) { return MPI_Scan(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Exscan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                    MPI_Info, MPI_Request* request) {
  return init("MPI_Exscan_init", comm, request, {{datatype}, op},
              [=](MPI_Comm hidden) { return MPI_Exscan(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Neighbor_allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Neighbor_allgather_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Neighbor_allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info, MPI_Request* request) {
  return init("MPI_Neighbor_allgatherv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, hidden);
  });
}

int MPI_Neighbor_alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Neighbor_alltoall_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Neighbor_alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                                void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info, MPI_Request* request) {
  return init("MPI_Neighbor_alltoallv_init", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                  hidden);
  });
}

int MPI_Neighbor_alltoallw_init(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info,
                                MPI_Request* request) {
  return init("MPI_Neighbor_alltoallw_init", comm, request, {}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                  hidden);
  });
}

}  // extern "C"
