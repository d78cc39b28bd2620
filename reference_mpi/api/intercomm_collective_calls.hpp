#pragma once
// The intercommunicator branch of each collective entry point (MPI-3.1 section 5.2.2): argument
// checks with the root convention (MPI_ROOT at the root, MPI_PROC_NULL at the rest of its group,
// the root's rank in the other group), buffers sized by the remote group, then
// run_inter_collective. The entry points call these when their communicator is an intercommunicator.

#include <mpi.h>

namespace xo::mpi {

struct CommHandle;

void intercomm_barrier_call(CommHandle& comm, MPI_Comm handle);
void intercomm_bcast_call(CommHandle& comm, MPI_Comm handle, void* buffer, int count, MPI_Datatype datatype, int root);
void intercomm_gather_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                           void* recvbuf, int recvcount, MPI_Datatype recvtype, int root);
void intercomm_gatherv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, int root);
void intercomm_scatter_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                            MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root);
void intercomm_scatterv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, const int sendcounts[],
                             const int displs[], MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root);
void intercomm_allgather_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                              MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype);
void intercomm_allgatherv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                               MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype);
void intercomm_alltoall_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, int sendcount,
                             MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype);
void intercomm_alltoallv_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, const int sendcounts[],
                              const int sdispls[], MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                              const int rdispls[], MPI_Datatype recvtype);
void intercomm_reduce_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, int root);
void intercomm_allreduce_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op);
void intercomm_reduce_scatter_call(CommHandle& comm, MPI_Comm handle, const void* sendbuf, void* recvbuf,
                                   const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                   const char* call = "MPI_Reduce_scatter");
// Operations MPI does not define on intercommunicators (MPI_Scan): MPI_ERR_COMM naming the call.
[[noreturn]] void reject_intercomm(const CommHandle& comm, const char* call);

}  // namespace xo::mpi
