// Fortran bindings: the MPI-3 neighbourhood collectives, blocking and nonblocking. ALLTOALLW's
// displacements are INTEGER(KIND=MPI_ADDRESS_KIND), which is MPI_Aint.

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_neighbor_allgather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                             const Fint* comm, Fint* ierr) {
  *ierr = MPI_Neighbor_allgather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm);
}

void mpi_neighbor_allgatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns,
                              const Fint* displs, const Fint* rt, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Neighbor_allgatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *comm);
}

void mpi_neighbor_alltoall_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                            const Fint* comm, Fint* ierr) {
  *ierr = MPI_Neighbor_alltoall(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm);
}

void mpi_neighbor_alltoallv_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* st, void* rb,
                             const Fint* rns, const Fint* rdispls, const Fint* rt, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Neighbor_alltoallv(buffer(sb), sns, sdispls, *st, buffer(rb), rns, rdispls, *rt, *comm);
}

void mpi_neighbor_alltoallw_(const void* sb, const Fint* sns, const MPI_Aint* sdispls, const Fint* sts, void* rb,
                             const Fint* rns, const MPI_Aint* rdispls, const Fint* rts, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Neighbor_alltoallw(buffer(sb), sns, sdispls, sts, buffer(rb), rns, rdispls, rts, *comm);
}

void mpi_ineighbor_allgather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                              const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ineighbor_allgather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm, request);
}

void mpi_ineighbor_allgatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns,
                               const Fint* displs, const Fint* rt, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ineighbor_allgatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *comm, request);
}

void mpi_ineighbor_alltoall_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                             const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ineighbor_alltoall(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm, request);
}

void mpi_ineighbor_alltoallv_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* st, void* rb,
                              const Fint* rns, const Fint* rdispls, const Fint* rt, const Fint* comm, Fint* request,
                              Fint* ierr) {
  *ierr = MPI_Ineighbor_alltoallv(buffer(sb), sns, sdispls, *st, buffer(rb), rns, rdispls, *rt, *comm, request);
}

void mpi_ineighbor_alltoallw_(const void* sb, const Fint* sns, const MPI_Aint* sdispls, const Fint* sts, void* rb,
                              const Fint* rns, const MPI_Aint* rdispls, const Fint* rts, const Fint* comm,
                              Fint* request, Fint* ierr) {
  *ierr = MPI_Ineighbor_alltoallw(buffer(sb), sns, sdispls, sts, buffer(rb), rns, rdispls, rts, *comm, request);
}

}  // extern "C"
