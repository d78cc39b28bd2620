// Fortran bindings: generalized requests. The Fortran callbacks take their arguments by reference,
// EXTRA_STATE as an INTEGER(KIND=MPI_ADDRESS_KIND) and the status as a Fortran status array, so C
// gets trampolines, whose extra_state points to the callbacks and the program's EXTRA_STATE. The
// record is freed after the free callback, which MPI calls once, last.

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

using QueryFn = void (*)(const MPI_Aint* extra_state, Fint* status, Fint* ierr);
using FreeFn = void (*)(const MPI_Aint* extra_state, Fint* ierr);
using CancelFn = void (*)(const MPI_Aint* extra_state, const Fint* complete, Fint* ierr);

struct FortranRequest {
  QueryFn query;
  FreeFn free;
  CancelFn cancel;
  MPI_Aint extra_state;
};

int query_trampoline(void* extra, MPI_Status* status) {
  const auto& r = *static_cast<const FortranRequest*>(extra);
  Fint fortran_status[MPI_F_STATUS_SIZE] = {};
  status_to_fortran(*status, fortran_status);
  Fint ierr = MPI_SUCCESS;
  r.query(&r.extra_state, fortran_status, &ierr);
  *status = status_from_fortran(fortran_status);
  return ierr;
}

int free_trampoline(void* extra) {
  const auto* r = static_cast<const FortranRequest*>(extra);
  Fint ierr = MPI_SUCCESS;
  r->free(&r->extra_state, &ierr);
  delete r;
  return ierr;
}

int cancel_trampoline(void* extra, int complete) {
  const auto& r = *static_cast<const FortranRequest*>(extra);
  const Fint f_complete = logical(complete != 0);
  Fint ierr = MPI_SUCCESS;
  r.cancel(&r.extra_state, &f_complete, &ierr);
  return ierr;
}

}  // namespace

extern "C" {

void mpi_grequest_start_(QueryFn query, FreeFn free, CancelFn cancel, const MPI_Aint* extra_state, Fint* request,
                         Fint* ierr) {
  auto* record = new FortranRequest{query, free, cancel, *extra_state};
  *ierr = MPI_Grequest_start(query_trampoline, free_trampoline, cancel_trampoline, record, request);
  if (*ierr != MPI_SUCCESS) delete record;
}

void mpi_grequest_complete_(const Fint* request, Fint* ierr) { *ierr = MPI_Grequest_complete(*request); }

}  // extern "C"
