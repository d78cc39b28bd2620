// Fortran bindings: initialization, the clock, the processor and library, threads, memory,
// profiling control.

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

// Fortran's MPI_INIT has no argc and argv: the C call takes none either.
void mpi_init_(Fint* ierr) { *ierr = MPI_Init(nullptr, nullptr); }

void mpi_init_thread_(const Fint* required, Fint* provided, Fint* ierr) {
  *ierr = MPI_Init_thread(nullptr, nullptr, *required, provided);
}

void mpi_finalize_(Fint* ierr) { *ierr = MPI_Finalize(); }

void mpi_initialized_(Fint* flag, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Initialized(&c);
  *flag = logical(c);
}

void mpi_finalized_(Fint* flag, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Finalized(&c);
  *flag = logical(c);
}

void mpi_abort_(const Fint* comm, const Fint* errorcode, Fint* ierr) { *ierr = MPI_Abort(*comm, *errorcode); }

double mpi_wtime_() { return MPI_Wtime(); }
double mpi_wtick_() { return MPI_Wtick(); }

void mpi_get_processor_name_(char* name, Fint* resultlen, Fint* ierr, std::size_t name_length) {
  char c[MPI_MAX_PROCESSOR_NAME + 1] = {};
  *ierr = MPI_Get_processor_name(c, resultlen);
  blank_padded(c, name, name_length);
}

void mpi_get_version_(Fint* version, Fint* subversion, Fint* ierr) { *ierr = MPI_Get_version(version, subversion); }

void mpi_get_library_version_(char* version, Fint* resultlen, Fint* ierr, std::size_t version_length) {
  char c[MPI_MAX_LIBRARY_VERSION_STRING + 1] = {};
  *ierr = MPI_Get_library_version(c, resultlen);
  blank_padded(c, version, version_length);
}

void mpi_query_thread_(Fint* provided, Fint* ierr) { *ierr = MPI_Query_thread(provided); }

void mpi_is_thread_main_(Fint* flag, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Is_thread_main(&c);
  *flag = logical(c);
}

void mpi_pcontrol_(const Fint* level) { MPI_Pcontrol(*level); }

// BASEPTR is an INTEGER(KIND=MPI_ADDRESS_KIND) that receives the address (for a Cray pointer).
void mpi_alloc_mem_(const MPI_Aint* size, const Fint* info, MPI_Aint* baseptr, Fint* ierr) {
  void* memory = nullptr;
  *ierr = MPI_Alloc_mem(*size, *info, &memory);
  *baseptr = reinterpret_cast<MPI_Aint>(memory);
}

void mpi_free_mem_(void* base, Fint* ierr) { *ierr = MPI_Free_mem(base); }

}  // extern "C"
