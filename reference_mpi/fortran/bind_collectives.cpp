// Fortran bindings: the blocking collectives and reduction operations. Send buffers may be
// MPI_IN_PLACE and any buffer MPI_BOTTOM (buffer()).

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_barrier_(const Fint* comm, Fint* ierr) { *ierr = MPI_Barrier(*comm); }

void mpi_bcast_(void* buf, const Fint* count, const Fint* type, const Fint* root, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Bcast(buffer(buf), *count, *type, *root, *comm);
}

void mpi_gather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                 const Fint* root, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Gather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *root, *comm);
}

void mpi_gatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns, const Fint* displs,
                  const Fint* rt, const Fint* root, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Gatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *root, *comm);
}

void mpi_scatter_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                  const Fint* root, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Scatter(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *root, *comm);
}

void mpi_scatterv_(const void* sb, const Fint* sns, const Fint* displs, const Fint* st, void* rb, const Fint* rn,
                   const Fint* rt, const Fint* root, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Scatterv(buffer(sb), sns, displs, *st, buffer(rb), *rn, *rt, *root, *comm);
}

void mpi_allgather_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                    const Fint* comm, Fint* ierr) {
  *ierr = MPI_Allgather(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm);
}

void mpi_allgatherv_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rns, const Fint* displs,
                     const Fint* rt, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Allgatherv(buffer(sb), *sn, *st, buffer(rb), rns, displs, *rt, *comm);
}

void mpi_alltoall_(const void* sb, const Fint* sn, const Fint* st, void* rb, const Fint* rn, const Fint* rt,
                   const Fint* comm, Fint* ierr) {
  *ierr = MPI_Alltoall(buffer(sb), *sn, *st, buffer(rb), *rn, *rt, *comm);
}

void mpi_alltoallv_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* st, void* rb, const Fint* rns,
                    const Fint* rdispls, const Fint* rt, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Alltoallv(buffer(sb), sns, sdispls, *st, buffer(rb), rns, rdispls, *rt, *comm);
}

void mpi_alltoallw_(const void* sb, const Fint* sns, const Fint* sdispls, const Fint* sts, void* rb, const Fint* rns,
                    const Fint* rdispls, const Fint* rts, const Fint* comm, Fint* ierr) {
  *ierr = MPI_Alltoallw(buffer(sb), sns, sdispls, sts, buffer(rb), rns, rdispls, rts, *comm);
}

void mpi_reduce_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* root,
                 const Fint* comm, Fint* ierr) {
  *ierr = MPI_Reduce(buffer(sb), buffer(rb), *count, *type, *op, *root, *comm);
}

void mpi_allreduce_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
                    Fint* ierr) {
  *ierr = MPI_Allreduce(buffer(sb), buffer(rb), *count, *type, *op, *comm);
}

void mpi_reduce_scatter_(const void* sb, void* rb, const Fint* rns, const Fint* type, const Fint* op, const Fint* comm,
                         Fint* ierr) {
  *ierr = MPI_Reduce_scatter(buffer(sb), buffer(rb), rns, *type, *op, *comm);
}

void mpi_reduce_scatter_block_(const void* sb, void* rb, const Fint* rn, const Fint* type, const Fint* op,
                               const Fint* comm, Fint* ierr) {
  *ierr = MPI_Reduce_scatter_block(buffer(sb), buffer(rb), *rn, *type, *op, *comm);
}

void mpi_scan_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
               Fint* ierr) {
  *ierr = MPI_Scan(buffer(sb), buffer(rb), *count, *type, *op, *comm);
}

void mpi_exscan_(const void* sb, void* rb, const Fint* count, const Fint* type, const Fint* op, const Fint* comm,
                 Fint* ierr) {
  *ierr = MPI_Exscan(buffer(sb), buffer(rb), *count, *type, *op, *comm);
}

void mpi_reduce_local_(const void* in, void* inout, const Fint* count, const Fint* type, const Fint* op, Fint* ierr) {
  *ierr = MPI_Reduce_local(buffer(in), buffer(inout), *count, *type, *op);
}

// A Fortran reduction, SUBROUTINE F(INVEC, INOUTVEC, LEN, DATATYPE), takes all four by reference:
// exactly MPI_User_function's arguments, so the C library calls it as it calls a C function.
void mpi_op_create_(MPI_User_function* function, const Fint* commute, Fint* op, Fint* ierr) {
  *ierr = MPI_Op_create(function, *commute != 0, op);
}

void mpi_op_free_(Fint* op, Fint* ierr) { *ierr = MPI_Op_free(op); }

void mpi_op_commutative_(const Fint* op, Fint* commute, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Op_commutative(*op, &c);
  *commute = logical(c);
}

}  // extern "C"
