/* Linked into every program `xo fc` builds (libxo_fortran_entry.a): the storage of mpif.h's address
 * constants, which merges with the COMMON blocks of the program's Fortran objects, and a constructor
 * that tells the runtime where this copy of the program keeps them (fortran_sentinels.h). Each rank's
 * copy runs its own constructors, so every copy's addresses are registered. The sizes are those of
 * the COMMON blocks mpif.h declares, the alignment gfortran gives them. */

#include <mpi.h>

#include "fortran_sentinels.h"

#define XO_COMMON __attribute__((aligned(16)))
XO_COMMON MPI_Fint xo_mpi_bottom_[1];
XO_COMMON MPI_Fint xo_mpi_in_place_[1];
XO_COMMON MPI_Fint xo_mpi_status_ignore_[MPI_F_STATUS_SIZE];
XO_COMMON MPI_Fint xo_mpi_statuses_ignore_[MPI_F_STATUS_SIZE];
XO_COMMON MPI_Fint xo_mpi_errcodes_ignore_[1];
XO_COMMON char xo_mpi_argv_null_[1];
XO_COMMON MPI_Fint xo_mpi_unweighted_[1];
XO_COMMON MPI_Fint xo_mpi_weights_empty_[1];

/* What `xo fc` names with -u so that the linker takes this object from the archive. */
void xo_fortran_entry(void) {}

__attribute__((constructor)) static void register_sentinels(void) {
  const struct XoFortranSentinels sentinels = {
      xo_mpi_bottom_,          xo_mpi_in_place_,  xo_mpi_status_ignore_, xo_mpi_statuses_ignore_,
      xo_mpi_errcodes_ignore_, xo_mpi_argv_null_, xo_mpi_unweighted_,    xo_mpi_weights_empty_,
  };
  xo_fortran_register_sentinels(&sentinels);
}
