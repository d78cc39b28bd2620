// MPI-3 nonblocking collectives: each starts its blocking twin in the background on a hidden copy
// of the communicator (nonblocking_collective.hpp says how they progress) and returns its request.
// The twin is called with the program's arguments; it reads the send buffers and checks the
// arguments before it first waits, so argument errors are the starting call's.

#include "api_call.hpp"
#include "nonblocking_collective.hpp"
#include "p2p_calls.hpp"

using xo::mpi::api_call;

namespace {

using xo::mpi::HeldHandles;

int start(const char* call, MPI_Comm comm, MPI_Request* request, HeldHandles held, xo::mpi::BlockingTwin twin) {
  return api_call(call, comm, [&] {
    xo::mpi::require_pointer(request, "request");
    *request = MPI_REQUEST_NULL;
    *request =
        xo::mpi::add_request(xo::mpi::start_nonblocking_collective(call, comm, std::move(held), std::move(twin)));
  });
}

}  // namespace

extern "C" {

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ibarrier", comm, request, {}, [=](MPI_Comm hidden) { return MPI_Barrier(hidden); });
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ibcast", comm, request, {{datatype}},
               [=](MPI_Comm hidden) { return MPI_Bcast(buffer, count, datatype, root, hidden); });
}

int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Igather", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Igatherv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, hidden);
  });
}

int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Iscatter", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Iscatterv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, hidden);
  });
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Iallgather", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Iallgatherv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, hidden);
  });
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ialltoall", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                   void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request* request) {
  return start("MPI_Ialltoallv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, hidden);
  });
}

int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ialltoallw", comm, request, xo::mpi::held_per_peer("MPI_Ialltoallw", comm, sendtypes, recvtypes),
               [=](MPI_Comm hidden) {
                 return MPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                      hidden);
               });
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ireduce", comm, request, {{datatype}, op},
               [=](MPI_Comm hidden) { return MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, hidden); });
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request) {
  return start("MPI_Iallreduce", comm, request, {{datatype}, op},
               [=](MPI_Comm hidden) { return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ireduce_scatter", comm, request, {{datatype}, op},
               [=](MPI_Comm hidden) { return MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, hidden); });
}

int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ireduce_scatter_block", comm, request, {{datatype}, op}, [=](MPI_Comm hidden) {
    return MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, hidden);
  });
}

int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request* request) {
  return start("MPI_Iscan", comm, request, {{datatype}, op},
               [=](MPI_Comm hidden) { return MPI_Scan(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request* request) {
  return start("MPI_Iexscan", comm, request, {{datatype}, op},
               [=](MPI_Comm hidden) { return MPI_Exscan(sendbuf, recvbuf, count, datatype, op, hidden); });
}

int MPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ineighbor_allgather", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request* request) {
  return start("MPI_Ineighbor_allgatherv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, hidden);
  });
}

int MPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ineighbor_alltoall", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, hidden);
  });
}

int MPI_Ineighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Ineighbor_alltoallv", comm, request, {{sendtype, recvtype}}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                  hidden);
  });
}

int MPI_Ineighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request* request) {
  return start("MPI_Ineighbor_alltoallw", comm, request, {}, [=](MPI_Comm hidden) {
    return MPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                  hidden);
  });
}

}  // extern "C"
