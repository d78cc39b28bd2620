// Fortran bindings: reading and writing communicator and datatype attributes. A Fortran attribute is an integer
// (INTEGER(KIND=MPI_ADDRESS_KIND), or INTEGER in the MPI-1 calls) stored as C's void* value itself;
// the predefined attributes (MPI_TAG_UB, ...), which C gives as a pointer to an int, are read
// through it. Keyvals with Fortran callbacks: bind_keyvals.cpp.

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

using GetAttr = int (*)(MPI_Comm, int, void*, int*);

bool predefined(int keyval) { return keyval >= MPI_TAG_UB && keyval <= MPI_LASTUSEDCODE; }

// The attribute as Fortran sees it, or 0 when absent; *flag as a LOGICAL.
MPI_Aint get_attribute(GetAttr get, MPI_Comm comm, int keyval, Fint* flag, Fint* ierr) {
  void* value = nullptr;
  int found = 0;
  *ierr = get(comm, keyval, &value, &found);
  *flag = logical(found);
  if (!found || *ierr != MPI_SUCCESS) return 0;
  return predefined(keyval) ? *static_cast<int*>(value) : reinterpret_cast<MPI_Aint>(value);
}

}  // namespace

extern "C" {

void mpi_comm_get_attr_(const Fint* comm, const Fint* keyval, MPI_Aint* value, Fint* flag, Fint* ierr) {
  const MPI_Aint v = get_attribute(MPI_Comm_get_attr, *comm, *keyval, flag, ierr);
  if (*flag) *value = v;
}

void mpi_attr_get_(const Fint* comm, const Fint* keyval, Fint* value, Fint* flag, Fint* ierr) {
  const MPI_Aint v = get_attribute(MPI_Attr_get, *comm, *keyval, flag, ierr);
  if (*flag) *value = static_cast<Fint>(v);
}

void mpi_comm_set_attr_(const Fint* comm, const Fint* keyval, const MPI_Aint* value, Fint* ierr) {
  *ierr = MPI_Comm_set_attr(*comm, *keyval, reinterpret_cast<void*>(*value));
}

void mpi_attr_put_(const Fint* comm, const Fint* keyval, const Fint* value, Fint* ierr) {
  *ierr = MPI_Attr_put(*comm, *keyval, reinterpret_cast<void*>(static_cast<MPI_Aint>(*value)));
}

void mpi_comm_delete_attr_(const Fint* comm, const Fint* keyval, Fint* ierr) {
  *ierr = MPI_Comm_delete_attr(*comm, *keyval);
}

void mpi_attr_delete_(const Fint* comm, const Fint* keyval, Fint* ierr) { *ierr = MPI_Attr_delete(*comm, *keyval); }

// Datatypes have no predefined attributes: every value is the integer itself.
void mpi_type_get_attr_(const Fint* type, const Fint* keyval, MPI_Aint* value, Fint* flag, Fint* ierr) {
  void* c = nullptr;
  int found = 0;
  *ierr = MPI_Type_get_attr(*type, *keyval, &c, &found);
  *flag = logical(found);
  if (found && *ierr == MPI_SUCCESS) *value = reinterpret_cast<MPI_Aint>(c);
}

void mpi_type_set_attr_(const Fint* type, const Fint* keyval, const MPI_Aint* value, Fint* ierr) {
  *ierr = MPI_Type_set_attr(*type, *keyval, reinterpret_cast<void*>(*value));
}

void mpi_type_delete_attr_(const Fint* type, const Fint* keyval, Fint* ierr) {
  *ierr = MPI_Type_delete_attr(*type, *keyval);
}

}  // extern "C"
