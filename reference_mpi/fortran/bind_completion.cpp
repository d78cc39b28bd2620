// Fortran bindings: completing, cancelling and inspecting requests, and reading statuses. Request
// indices are 1-based in Fortran (fortran_index()).

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_wait_(Fint* request, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Wait(request, s.c());
  s.store();
}

void mpi_waitall_(const Fint* count, Fint* requests, Fint* statuses, Fint* ierr) {
  StatusesOut s(statuses, *count);
  *ierr = MPI_Waitall(*count, requests, s.c());
  s.store();
}

void mpi_waitany_(const Fint* count, Fint* requests, Fint* index, Fint* status, Fint* ierr) {
  StatusOut s(status);
  *ierr = MPI_Waitany(*count, requests, index, s.c());
  *index = fortran_index(*index);
  s.store();
}

void mpi_waitsome_(const Fint* incount, Fint* requests, Fint* outcount, Fint* indices, Fint* statuses, Fint* ierr) {
  StatusesOut s(statuses, *incount);
  *ierr = MPI_Waitsome(*incount, requests, outcount, indices, s.c());
  for (int i = 0; i < *outcount; ++i) indices[i] = fortran_index(indices[i]);
  if (*outcount != MPI_UNDEFINED) s.store(*outcount);
}

void mpi_test_(Fint* request, Fint* flag, Fint* status, Fint* ierr) {
  StatusOut s(status);
  int c = 0;
  *ierr = MPI_Test(request, &c, s.c());
  *flag = logical(c);
  if (c) s.store();
}

void mpi_testall_(const Fint* count, Fint* requests, Fint* flag, Fint* statuses, Fint* ierr) {
  StatusesOut s(statuses, *count);
  int c = 0;
  *ierr = MPI_Testall(*count, requests, &c, s.c());
  *flag = logical(c);
  if (c) s.store();
}

void mpi_testany_(const Fint* count, Fint* requests, Fint* index, Fint* flag, Fint* status, Fint* ierr) {
  StatusOut s(status);
  int c = 0;
  *ierr = MPI_Testany(*count, requests, index, &c, s.c());
  *index = fortran_index(*index);
  *flag = logical(c);
  if (c) s.store();
}

void mpi_testsome_(const Fint* incount, Fint* requests, Fint* outcount, Fint* indices, Fint* statuses, Fint* ierr) {
  StatusesOut s(statuses, *incount);
  *ierr = MPI_Testsome(*incount, requests, outcount, indices, s.c());
  for (int i = 0; i < *outcount; ++i) indices[i] = fortran_index(indices[i]);
  if (*outcount != MPI_UNDEFINED) s.store(*outcount);
}

void mpi_request_get_status_(const Fint* request, Fint* flag, Fint* status, Fint* ierr) {
  StatusOut s(status);
  int c = 0;
  *ierr = MPI_Request_get_status(*request, &c, s.c());
  *flag = logical(c);
  if (c) s.store();
}

void mpi_request_free_(Fint* request, Fint* ierr) { *ierr = MPI_Request_free(request); }
void mpi_cancel_(Fint* request, Fint* ierr) { *ierr = MPI_Cancel(request); }
void mpi_start_(Fint* request, Fint* ierr) { *ierr = MPI_Start(request); }
void mpi_startall_(const Fint* count, Fint* requests, Fint* ierr) { *ierr = MPI_Startall(*count, requests); }

void mpi_test_cancelled_(const Fint* status, Fint* flag, Fint* ierr) {
  const MPI_Status c = status_from_fortran(status);
  int cancelled = 0;
  *ierr = MPI_Test_cancelled(&c, &cancelled);
  *flag = logical(cancelled);
}

void mpi_get_count_(const Fint* status, const Fint* type, Fint* count, Fint* ierr) {
  const MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Get_count(&c, *type, count);
}

void mpi_get_elements_(const Fint* status, const Fint* type, Fint* count, Fint* ierr) {
  const MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Get_elements(&c, *type, count);
}

void mpi_get_elements_x_(const Fint* status, const Fint* type, MPI_Count* count, Fint* ierr) {
  const MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Get_elements_x(&c, *type, count);
}

void mpi_status_set_elements_(Fint* status, const Fint* type, const Fint* count, Fint* ierr) {
  MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Status_set_elements(&c, *type, *count);
  status_to_fortran(c, status);
}

void mpi_status_set_elements_x_(Fint* status, const Fint* type, const MPI_Count* count, Fint* ierr) {
  MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Status_set_elements_x(&c, *type, *count);
  status_to_fortran(c, status);
}

void mpi_status_set_cancelled_(Fint* status, const Fint* flag, Fint* ierr) {
  MPI_Status c = status_from_fortran(status);
  *ierr = MPI_Status_set_cancelled(&c, *flag != 0);
  status_to_fortran(c, status);
}

}  // extern "C"
