// Fortran bindings: the MPI-3 nonblocking collectives. Each is its blocking twin's binding plus
// the request (bind_collectives.cpp).

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_ibarrier_(const Fint* comm, Fint* request, Fint* ierr) { *ierr = MPI_Ibarrier(*comm, request); }

void mpi_ibcast_(void* buf, const Fint* count, const Fint* type, const Fint* root, const Fint* comm, Fint* request,
                 Fint* ierr) {
  *ierr = MPI_Ibcast(buffer(buf), *count, *type, *root, *comm, request);
}

void mpi_igather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                  const Fint* root, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Igather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *root, *comm, request);
}

void mpi_igatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns, const Fint* displs,
                   const Fint* rt, const Fint* root, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Igatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *root, *comm, request);
}

void mpi_iscatter_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                   const Fint* root, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Iscatter(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *root, *comm, request);
}

void mpi_iscatterv_(const void* sb, const Fint* sns, const Fint* displs, const Fint* st, void* rb, const Fint* rn,
                    const Fint* rt, const Fint* root, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Iscatterv(buffer(sb), sns, displs, *st, buffer(rb), *rn, *rt, *root, *comm, request);
}

void mpi_iallgather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                     const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Iallgather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm, request);
}

void mpi_iallgatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns, const Fint* displs,
                      const Fint* rt, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Iallgatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *comm, request);
}

void mpi_ialltoall_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                    const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ialltoall(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm, request);
}

void mpi_ialltoallv_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* st, void* rb, const Fint* rns,
                     const Fint* rdispls, const Fint* rt, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ialltoallv(buffer(sb), sns, sdispls, *st, buffer(rb), rns, rdispls, *rt, *comm, request);
}

void mpi_ialltoallw_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* sts, void* rb, const Fint* rns,
                     const Fint* rdispls, const Fint* rts, const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ialltoallw(buffer(sb), sns, sdispls, sts, buffer(rb), rns, rdispls, rts, *comm, request);
}

void mpi_ireduce_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* root,
                  const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ireduce(buffer(sb), buffer(rb), *count, *type, *op, *root, *comm, request);
}

void mpi_iallreduce_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
                     Fint* request, Fint* ierr) {
  *ierr = MPI_Iallreduce(buffer(sb), buffer(rb), *count, *type, *op, *comm, request);
}

void mpi_ireduce_scatter_(const void* sb, void* rb, const Fint* rns, const Fint* type, const Fint* op, const Fint* comm,
                          Fint* request, Fint* ierr) {
  *ierr = MPI_Ireduce_scatter(buffer(sb), buffer(rb), rns, *type, *op, *comm, request);
}

void mpi_ireduce_scatter_block_(const void* sb, void* rb, const Fint* rn, const Fint* type, const Fint* op,
                                const Fint* comm, Fint* request, Fint* ierr) {
  *ierr = MPI_Ireduce_scatter_block(buffer(sb), buffer(rb), *rn, *type, *op, *comm, request);
}

void mpi_iscan_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
                Fint* request, Fint* ierr) {
  *ierr = MPI_Iscan(buffer(sb), buffer(rb), *count, *type, *op, *comm, request);
}

void mpi_iexscan_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
                  Fint* request, Fint* ierr) {
  *ierr = MPI_Iexscan(buffer(sb), buffer(rb), *count, *type, *op, *comm, request);
}

}  // extern "C"
