/* The addresses of a program copy's MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, ... Fortran has no
 * address constants, so mpif.h makes each a variable in a COMMON block of its own (/XO_MPI_BOTTOM/,
 * ...), and the bindings recognise the variable by its address. Every rank runs its own copy of the
 * program and so has its own COMMON blocks: each copy registers its addresses when it is loaded
 * (sentinel_registration.c, linked into every program `xo fc` builds), and the bindings look them
 * up among all copies' (sentinel_registry.cpp, in the runtime). */
#ifndef XO_FORTRAN_SENTINELS_H
#define XO_FORTRAN_SENTINELS_H

#ifdef __cplusplus
extern "C" {
#endif

struct XoFortranSentinels {
  const void* bottom;
  const void* in_place;
  const void* status_ignore;
  const void* statuses_ignore;
  const void* errcodes_ignore;
  const void* argv_null;
  const void* unweighted;
  const void* weights_empty;
};

/* Called by each copy of a program as it is loaded (a constructor); exported by libxo_runtime.so. */
void xo_fortran_register_sentinels(const struct XoFortranSentinels* sentinels);

#ifdef __cplusplus
}
#endif

#endif /* XO_FORTRAN_SENTINELS_H */
