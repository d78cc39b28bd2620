// Fortran bindings: communicators and intercommunicators, their names and info.

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_comm_size_(const Fint* comm, Fint* size, Fint* ierr) { *ierr = MPI_Comm_size(*comm, size); }
void mpi_comm_rank_(const Fint* comm, Fint* rank, Fint* ierr) { *ierr = MPI_Comm_rank(*comm, rank); }
void mpi_comm_dup_(const Fint* comm, Fint* newcomm, Fint* ierr) { *ierr = MPI_Comm_dup(*comm, newcomm); }
void mpi_comm_free_(Fint* comm, Fint* ierr) { *ierr = MPI_Comm_free(comm); }
void mpi_comm_group_(const Fint* comm, Fint* group, Fint* ierr) { *ierr = MPI_Comm_group(*comm, group); }

void mpi_comm_split_(const Fint* comm, const Fint* color, const Fint* key, Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Comm_split(*comm, *color, *key, newcomm);
}

void mpi_comm_split_type_(const Fint* comm, const Fint* split_type, const Fint* key, const Fint* info, Fint* newcomm,
                          Fint* ierr) {
  *ierr = MPI_Comm_split_type(*comm, *split_type, *key, *info, newcomm);
}

void mpi_comm_create_(const Fint* comm, const Fint* group, Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Comm_create(*comm, *group, newcomm);
}

void mpi_comm_create_group_(const Fint* comm, const Fint* group, const Fint* tag, Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Comm_create_group(*comm, *group, *tag, newcomm);
}

void mpi_comm_compare_(const Fint* comm1, const Fint* comm2, Fint* result, Fint* ierr) {
  *ierr = MPI_Comm_compare(*comm1, *comm2, result);
}

void mpi_comm_idup_(const Fint* comm, Fint* newcomm, Fint* request, Fint* ierr) {
  *ierr = MPI_Comm_idup(*comm, newcomm, request);
}

void mpi_comm_dup_with_info_(const Fint* comm, const Fint* info, Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Comm_dup_with_info(*comm, *info, newcomm);
}

void mpi_comm_idup_with_info_(const Fint* comm, const Fint* info, Fint* newcomm, Fint* request, Fint* ierr) {
  *ierr = MPI_Comm_idup_with_info(*comm, *info, newcomm, request);
}

void mpi_comm_set_info_(const Fint* comm, const Fint* info, Fint* ierr) { *ierr = MPI_Comm_set_info(*comm, *info); }
void mpi_comm_get_info_(const Fint* comm, Fint* info, Fint* ierr) { *ierr = MPI_Comm_get_info(*comm, info); }

void mpi_comm_set_name_(const Fint* comm, const char* name, Fint* ierr, std::size_t name_length) {
  *ierr = MPI_Comm_set_name(*comm, trimmed(name, name_length).c_str());
}

void mpi_comm_get_name_(const Fint* comm, char* name, Fint* resultlen, Fint* ierr, std::size_t name_length) {
  char c[MPI_MAX_OBJECT_NAME + 1] = {};
  *ierr = MPI_Comm_get_name(*comm, c, resultlen);
  blank_padded(c, name, name_length);
}

void mpi_comm_test_inter_(const Fint* comm, Fint* flag, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Comm_test_inter(*comm, &c);
  *flag = logical(c);
}

void mpi_comm_remote_size_(const Fint* comm, Fint* size, Fint* ierr) { *ierr = MPI_Comm_remote_size(*comm, size); }
void mpi_comm_remote_group_(const Fint* comm, Fint* group, Fint* ierr) { *ierr = MPI_Comm_remote_group(*comm, group); }

void mpi_intercomm_create_(const Fint* local_comm, const Fint* local_leader, const Fint* peer_comm,
                           const Fint* remote_leader, const Fint* tag, Fint* newintercomm, Fint* ierr) {
  *ierr = MPI_Intercomm_create(*local_comm, *local_leader, *peer_comm, *remote_leader, *tag, newintercomm);
}

void mpi_intercomm_merge_(const Fint* intercomm, const Fint* high, Fint* newintracomm, Fint* ierr) {
  *ierr = MPI_Intercomm_merge(*intercomm, *high != 0, newintracomm);
}

}  // extern "C"
