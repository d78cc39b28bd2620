// Fortran bindings: error handlers, classes, codes and strings. A Fortran error handler,
// SUBROUTINE HANDLER(COMM, ERROR_CODE), takes both by reference as the C function type does.

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_comm_set_errhandler_(const Fint* comm, const Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Comm_set_errhandler(*comm, *errhandler);
}

void mpi_comm_get_errhandler_(const Fint* comm, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Comm_get_errhandler(*comm, errhandler);
}

void mpi_errhandler_set_(const Fint* comm, const Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Errhandler_set(*comm, *errhandler);
}

void mpi_errhandler_get_(const Fint* comm, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Errhandler_get(*comm, errhandler);
}

void mpi_comm_create_errhandler_(MPI_Comm_errhandler_function* function, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Comm_create_errhandler(function, errhandler);
}

void mpi_errhandler_create_(MPI_Handler_function* function, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Errhandler_create(function, errhandler);
}

void mpi_comm_call_errhandler_(const Fint* comm, const Fint* errorcode, Fint* ierr) {
  *ierr = MPI_Comm_call_errhandler(*comm, *errorcode);
}

void mpi_errhandler_free_(Fint* errhandler, Fint* ierr) { *ierr = MPI_Errhandler_free(errhandler); }

void mpi_error_string_(const Fint* errorcode, char* string, Fint* resultlen, Fint* ierr, std::size_t string_length) {
  char c[MPI_MAX_ERROR_STRING + 1] = {};
  *ierr = MPI_Error_string(*errorcode, c, resultlen);
  blank_padded(c, string, string_length);
}

void mpi_error_class_(const Fint* errorcode, Fint* errorclass, Fint* ierr) {
  *ierr = MPI_Error_class(*errorcode, errorclass);
}

void mpi_add_error_class_(Fint* errorclass, Fint* ierr) { *ierr = MPI_Add_error_class(errorclass); }

void mpi_add_error_code_(const Fint* errorclass, Fint* errorcode, Fint* ierr) {
  *ierr = MPI_Add_error_code(*errorclass, errorcode);
}

void mpi_add_error_string_(const Fint* errorcode, const char* string, Fint* ierr, std::size_t string_length) {
  *ierr = MPI_Add_error_string(*errorcode, trimmed(string, string_length).c_str());
}

}  // extern "C"
