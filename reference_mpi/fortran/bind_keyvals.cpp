// Fortran bindings: attribute keyvals with Fortran copy and delete callbacks, and the predefined
// callbacks mpif.h declares (MPI_COMM_DUP_FN, MPI_NULL_COPY_FN, ...).
//
// A Fortran callback takes every argument by reference, and the attribute values as integers
// (INTEGER(KIND=MPI_ADDRESS_KIND), or INTEGER for MPI-1's MPI_KEYVAL_CREATE), where C passes
// values and void* pointers. So the C keyval gets C trampolines, and its extra_state points to what
// they need: the Fortran callbacks and the program's EXTRA_STATE. That record lives until the
// process exits: C does not hand extra_state back when a keyval is freed. Attribute values are
// stored in C as the integer itself (bind_attributes.cpp).

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

// The Fortran callback types: MPI-2's (addresses) and MPI-1's (INTEGERs).
using CopyFn = void (*)(const Fint* object, const Fint* keyval, const MPI_Aint* extra_state, const MPI_Aint* value_in,
                        MPI_Aint* value_out, Fint* flag, Fint* ierr);
using DeleteFn = void (*)(const Fint* object, const Fint* keyval, const MPI_Aint* value, const MPI_Aint* extra_state,
                          Fint* ierr);
using Mpi1CopyFn = void (*)(const Fint* comm, const Fint* keyval, const Fint* extra_state, const Fint* value_in,
                            Fint* value_out, Fint* flag, Fint* ierr);
using Mpi1DeleteFn = void (*)(const Fint* comm, const Fint* keyval, const Fint* value, const Fint* extra_state,
                              Fint* ierr);

struct FortranKeyval {
  bool mpi1;  // MPI_KEYVAL_CREATE: INTEGER values
  void* copy;
  void* remove;
  MPI_Aint extra_state;
};

FortranKeyval* keep(bool mpi1, void* copy, void* remove, MPI_Aint extra_state) {
  return new FortranKeyval{mpi1, copy, remove, extra_state};  // lives until exit (see above)
}

int copy_trampoline(int object, int keyval, void* extra, void* in, void* out, int* flag) {
  const auto& k = *static_cast<const FortranKeyval*>(extra);
  const Fint f_object = object, f_keyval = keyval;
  Fint f_flag = 0, ierr = MPI_SUCCESS;
  MPI_Aint value_out = 0;
  if (k.mpi1) {
    const Fint extra_state = static_cast<Fint>(k.extra_state),
               value_in = static_cast<Fint>(reinterpret_cast<MPI_Aint>(in));
    Fint out_integer = 0;
    reinterpret_cast<Mpi1CopyFn>(k.copy)(&f_object, &f_keyval, &extra_state, &value_in, &out_integer, &f_flag, &ierr);
    value_out = out_integer;
  } else {
    const MPI_Aint value_in = reinterpret_cast<MPI_Aint>(in);
    reinterpret_cast<CopyFn>(k.copy)(&f_object, &f_keyval, &k.extra_state, &value_in, &value_out, &f_flag, &ierr);
  }
  *flag = f_flag != 0;
  if (*flag) *static_cast<void**>(out) = reinterpret_cast<void*>(value_out);
  return ierr;
}

int delete_trampoline(int object, int keyval, void* value, void* extra) {
  const auto& k = *static_cast<const FortranKeyval*>(extra);
  const Fint f_object = object, f_keyval = keyval;
  Fint ierr = MPI_SUCCESS;
  if (k.mpi1) {
    const Fint extra_state = static_cast<Fint>(k.extra_state), v = static_cast<Fint>(reinterpret_cast<MPI_Aint>(value));
    reinterpret_cast<Mpi1DeleteFn>(k.remove)(&f_object, &f_keyval, &v, &extra_state, &ierr);
  } else {
    const MPI_Aint v = reinterpret_cast<MPI_Aint>(value);
    reinterpret_cast<DeleteFn>(k.remove)(&f_object, &f_keyval, &v, &k.extra_state, &ierr);
  }
  return ierr;
}

}  // namespace

extern "C" {

// The predefined callbacks in Fortran's convention: copy nothing, copy the value, delete nothing.
void mpi_comm_null_copy_fn_(const Fint*, const Fint*, const MPI_Aint*, const MPI_Aint*, MPI_Aint*, Fint* flag,
                            Fint* ierr) {
  *flag = logical(false);
  *ierr = MPI_SUCCESS;
}
void mpi_comm_dup_fn_(const Fint*, const Fint*, const MPI_Aint*, const MPI_Aint* in, MPI_Aint* out, Fint* flag,
                      Fint* ierr) {
  *out = *in;
  *flag = logical(true);
  *ierr = MPI_SUCCESS;
}
void mpi_comm_null_delete_fn_(const Fint*, const Fint*, const MPI_Aint*, const MPI_Aint*, Fint* ierr) {
  *ierr = MPI_SUCCESS;
}
void mpi_type_null_copy_fn_(const Fint* t, const Fint* k, const MPI_Aint* e, const MPI_Aint* in, MPI_Aint* out,
                            Fint* flag, Fint* ierr) {
  mpi_comm_null_copy_fn_(t, k, e, in, out, flag, ierr);
}
void mpi_type_dup_fn_(const Fint* t, const Fint* k, const MPI_Aint* e, const MPI_Aint* in, MPI_Aint* out, Fint* flag,
                      Fint* ierr) {
  mpi_comm_dup_fn_(t, k, e, in, out, flag, ierr);
}
void mpi_type_null_delete_fn_(const Fint* t, const Fint* k, const MPI_Aint* v, const MPI_Aint* e, Fint* ierr) {
  mpi_comm_null_delete_fn_(t, k, v, e, ierr);
}
void mpi_win_null_copy_fn_(const Fint* w, const Fint* k, const MPI_Aint* e, const MPI_Aint* in, MPI_Aint* out,
                           Fint* flag, Fint* ierr) {
  mpi_comm_null_copy_fn_(w, k, e, in, out, flag, ierr);
}
void mpi_win_dup_fn_(const Fint* w, const Fint* k, const MPI_Aint* e, const MPI_Aint* in, MPI_Aint* out, Fint* flag,
                     Fint* ierr) {
  mpi_comm_dup_fn_(w, k, e, in, out, flag, ierr);
}
void mpi_win_null_delete_fn_(const Fint* w, const Fint* k, const MPI_Aint* v, const MPI_Aint* e, Fint* ierr) {
  mpi_comm_null_delete_fn_(w, k, v, e, ierr);
}
void mpi_null_copy_fn_(const Fint*, const Fint*, const Fint*, const Fint*, Fint*, Fint* flag, Fint* ierr) {
  *flag = logical(false);
  *ierr = MPI_SUCCESS;
}
void mpi_dup_fn_(const Fint*, const Fint*, const Fint*, const Fint* in, Fint* out, Fint* flag, Fint* ierr) {
  *out = *in;
  *flag = logical(true);
  *ierr = MPI_SUCCESS;
}
void mpi_null_delete_fn_(const Fint*, const Fint*, const Fint*, const Fint*, Fint* ierr) { *ierr = MPI_SUCCESS; }

void mpi_comm_create_keyval_(void* copy, void* remove, Fint* keyval, const MPI_Aint* extra_state, Fint* ierr) {
  *ierr = MPI_Comm_create_keyval(copy_trampoline, delete_trampoline, keyval, keep(false, copy, remove, *extra_state));
}

void mpi_keyval_create_(void* copy, void* remove, Fint* keyval, const Fint* extra_state, Fint* ierr) {
  *ierr = MPI_Keyval_create(copy_trampoline, delete_trampoline, keyval, keep(true, copy, remove, *extra_state));
}

void mpi_type_create_keyval_(void* copy, void* remove, Fint* keyval, const MPI_Aint* extra_state, Fint* ierr) {
  *ierr = MPI_Type_create_keyval(copy_trampoline, delete_trampoline, keyval, keep(false, copy, remove, *extra_state));
}

void mpi_win_create_keyval_(void* copy, void* remove, Fint* keyval, const MPI_Aint* extra_state, Fint* ierr) {
  *ierr = MPI_Win_create_keyval(copy_trampoline, delete_trampoline, keyval, keep(false, copy, remove, *extra_state));
}

void mpi_comm_free_keyval_(Fint* keyval, Fint* ierr) { *ierr = MPI_Comm_free_keyval(keyval); }
void mpi_keyval_free_(Fint* keyval, Fint* ierr) { *ierr = MPI_Keyval_free(keyval); }
void mpi_type_free_keyval_(Fint* keyval, Fint* ierr) { *ierr = MPI_Type_free_keyval(keyval); }
void mpi_win_free_keyval_(Fint* keyval, Fint* ierr) { *ierr = MPI_Win_free_keyval(keyval); }

}  // extern "C"
