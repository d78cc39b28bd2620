// Fortran bindings: one-sided communication. Sizes, target displacements and MPI_Win_allocate's
// BASEPTR are INTEGER(KIND=MPI_ADDRESS_KIND) (MPI_Aint); origin and result buffers are choice
// arguments, which may be MPI_BOTTOM (buffer()).

#include <cstring>

#include "fortran_binding.hpp"

using namespace xo::fortran;

extern "C" {

void mpi_win_create_(void* base, const MPI_Aint* size, const Fint* disp_unit, const Fint* info, const Fint* comm,
                     Fint* win, Fint* ierr) {
  *ierr = MPI_Win_create(buffer(base), *size, *disp_unit, *info, *comm, win);
}

// BASEPTR gets the memory's address as an integer, for a Cray pointer or C_F_POINTER.
void mpi_win_allocate_(const MPI_Aint* size, const Fint* disp_unit, const Fint* info, const Fint* comm,
                       MPI_Aint* baseptr, Fint* win, Fint* ierr) {
  void* base = nullptr;
  *ierr = MPI_Win_allocate(*size, *disp_unit, *info, *comm, &base, win);
  *baseptr = reinterpret_cast<MPI_Aint>(base);
}

void mpi_win_free_(Fint* win, Fint* ierr) { *ierr = MPI_Win_free(win); }
void mpi_win_get_group_(const Fint* win, Fint* group, Fint* ierr) { *ierr = MPI_Win_get_group(*win, group); }

// Attributes as values: MPI_WIN_BASE the base's address, the other predefined ones their integer, a
// program's attribute the integer it was set to (stored as C's void* itself, as in bind_attributes.cpp).
void mpi_win_get_attr_(const Fint* win, const Fint* keyval, MPI_Aint* value, Fint* flag, Fint* ierr) {
  void* c = nullptr;
  int found = 0;
  *ierr = MPI_Win_get_attr(*win, *keyval, &c, &found);
  *flag = logical(found);
  if (!found || *ierr != MPI_SUCCESS) return;
  switch (*keyval) {
    case MPI_WIN_SIZE: *value = *static_cast<MPI_Aint*>(c); break;
    case MPI_WIN_DISP_UNIT:
    case MPI_WIN_CREATE_FLAVOR:
    case MPI_WIN_MODEL: *value = *static_cast<int*>(c); break;
    default: *value = reinterpret_cast<MPI_Aint>(c);  // MPI_WIN_BASE, or a program's attribute: the integer itself
  }
}

void mpi_win_set_attr_(const Fint* win, const Fint* keyval, const MPI_Aint* value, Fint* ierr) {
  *ierr = MPI_Win_set_attr(*win, *keyval, reinterpret_cast<void*>(*value));
}

void mpi_win_delete_attr_(const Fint* win, const Fint* keyval, Fint* ierr) {
  *ierr = MPI_Win_delete_attr(*win, *keyval);
}

void mpi_win_set_name_(const Fint* win, const char* name, Fint* ierr, std::size_t name_length) {
  *ierr = MPI_Win_set_name(*win, trimmed(name, name_length).c_str());
}

void mpi_win_get_name_(const Fint* win, char* name, Fint* resultlen, Fint* ierr, std::size_t name_length) {
  char c[MPI_MAX_OBJECT_NAME + 1] = {};
  *ierr = MPI_Win_get_name(*win, c, resultlen);
  blank_padded(c, name, name_length);
}

// A Fortran handler gets (WIN, ERRORCODE) by reference, as C's does.
void mpi_win_create_errhandler_(MPI_Win_errhandler_function* function, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Win_create_errhandler(function, errhandler);
}
void mpi_win_set_errhandler_(const Fint* win, const Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Win_set_errhandler(*win, *errhandler);
}
void mpi_win_get_errhandler_(const Fint* win, Fint* errhandler, Fint* ierr) {
  *ierr = MPI_Win_get_errhandler(*win, errhandler);
}
void mpi_win_call_errhandler_(const Fint* win, const Fint* errorcode, Fint* ierr) {
  *ierr = MPI_Win_call_errhandler(*win, *errorcode);
}

void mpi_put_(const void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
              const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* win,
              Fint* ierr) {
  *ierr = MPI_Put(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count, *target_type,
                  *win);
}

void mpi_get_(void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
              const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* win,
              Fint* ierr) {
  *ierr = MPI_Get(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count, *target_type,
                  *win);
}

void mpi_accumulate_(const void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
                     const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* op,
                     const Fint* win, Fint* ierr) {
  *ierr = MPI_Accumulate(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count,
                         *target_type, *op, *win);
}

void mpi_get_accumulate_(const void* origin, const Fint* origin_count, const Fint* origin_type, void* result,
                         const Fint* result_count, const Fint* result_type, const Fint* target_rank,
                         const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* op,
                         const Fint* win, Fint* ierr) {
  *ierr = MPI_Get_accumulate(buffer(origin), *origin_count, *origin_type, buffer(result), *result_count, *result_type,
                             *target_rank, *target_disp, *target_count, *target_type, *op, *win);
}

void mpi_fetch_and_op_(const void* origin, void* result, const Fint* type, const Fint* target_rank,
                       const MPI_Aint* target_disp, const Fint* op, const Fint* win, Fint* ierr) {
  *ierr = MPI_Fetch_and_op(buffer(origin), buffer(result), *type, *target_rank, *target_disp, *op, *win);
}

void mpi_compare_and_swap_(const void* origin, const void* compare, void* result, const Fint* type,
                           const Fint* target_rank, const MPI_Aint* target_disp, const Fint* win, Fint* ierr) {
  *ierr =
      MPI_Compare_and_swap(buffer(origin), buffer(compare), buffer(result), *type, *target_rank, *target_disp, *win);
}

void mpi_win_fence_(const Fint* assert_bits, const Fint* win, Fint* ierr) { *ierr = MPI_Win_fence(*assert_bits, *win); }
void mpi_win_post_(const Fint* group, const Fint* assert_bits, const Fint* win, Fint* ierr) {
  *ierr = MPI_Win_post(*group, *assert_bits, *win);
}
void mpi_win_start_(const Fint* group, const Fint* assert_bits, const Fint* win, Fint* ierr) {
  *ierr = MPI_Win_start(*group, *assert_bits, *win);
}
void mpi_win_complete_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_complete(*win); }
void mpi_win_wait_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_wait(*win); }

void mpi_win_test_(const Fint* win, Fint* flag, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Win_test(*win, &c);
  *flag = logical(c);
}

void mpi_win_lock_(const Fint* lock_type, const Fint* rank, const Fint* assert_bits, const Fint* win, Fint* ierr) {
  *ierr = MPI_Win_lock(*lock_type, *rank, *assert_bits, *win);
}
void mpi_win_unlock_(const Fint* rank, const Fint* win, Fint* ierr) { *ierr = MPI_Win_unlock(*rank, *win); }
void mpi_win_lock_all_(const Fint* assert_bits, const Fint* win, Fint* ierr) {
  *ierr = MPI_Win_lock_all(*assert_bits, *win);
}
void mpi_win_unlock_all_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_unlock_all(*win); }
void mpi_win_flush_(const Fint* rank, const Fint* win, Fint* ierr) { *ierr = MPI_Win_flush(*rank, *win); }
void mpi_win_flush_all_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_flush_all(*win); }
void mpi_win_flush_local_(const Fint* rank, const Fint* win, Fint* ierr) { *ierr = MPI_Win_flush_local(*rank, *win); }
void mpi_win_flush_local_all_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_flush_local_all(*win); }
void mpi_win_sync_(const Fint* win, Fint* ierr) { *ierr = MPI_Win_sync(*win); }

void mpi_rput_(const void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
               const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* win,
               Fint* request, Fint* ierr) {
  *ierr = MPI_Rput(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count, *target_type,
                   *win, request);
}

void mpi_rget_(void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
               const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* win,
               Fint* request, Fint* ierr) {
  *ierr = MPI_Rget(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count, *target_type,
                   *win, request);
}

void mpi_raccumulate_(const void* origin, const Fint* origin_count, const Fint* origin_type, const Fint* target_rank,
                      const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type, const Fint* op,
                      const Fint* win, Fint* request, Fint* ierr) {
  *ierr = MPI_Raccumulate(buffer(origin), *origin_count, *origin_type, *target_rank, *target_disp, *target_count,
                          *target_type, *op, *win, request);
}

void mpi_rget_accumulate_(const void* origin, const Fint* origin_count, const Fint* origin_type, void* result,
                          const Fint* result_count, const Fint* result_type, const Fint* target_rank,
                          const MPI_Aint* target_disp, const Fint* target_count, const Fint* target_type,
                          const Fint* op, const Fint* win, Fint* request, Fint* ierr) {
  *ierr = MPI_Rget_accumulate(buffer(origin), *origin_count, *origin_type, buffer(result), *result_count, *result_type,
                              *target_rank, *target_disp, *target_count, *target_type, *op, *win, request);
}

void mpi_win_create_dynamic_(const Fint* info, const Fint* comm, Fint* win, Fint* ierr) {
  *ierr = MPI_Win_create_dynamic(*info, *comm, win);
}
void mpi_win_attach_(const Fint* win, void* base, const MPI_Aint* size, Fint* ierr) {
  *ierr = MPI_Win_attach(*win, base, *size);
}
void mpi_win_detach_(const Fint* win, const void* base, Fint* ierr) { *ierr = MPI_Win_detach(*win, base); }

void mpi_win_allocate_shared_(const MPI_Aint* size, const Fint* disp_unit, const Fint* info, const Fint* comm,
                              MPI_Aint* baseptr, Fint* win, Fint* ierr) {
  void* base = nullptr;
  *ierr = MPI_Win_allocate_shared(*size, *disp_unit, *info, *comm, &base, win);
  *baseptr = reinterpret_cast<MPI_Aint>(base);
}

void mpi_win_shared_query_(const Fint* win, const Fint* rank, MPI_Aint* size, Fint* disp_unit, MPI_Aint* baseptr,
                           Fint* ierr) {
  void* base = nullptr;
  *ierr = MPI_Win_shared_query(*win, *rank, size, disp_unit, &base);
  *baseptr = reinterpret_cast<MPI_Aint>(base);
}

MPI_Aint mpi_aint_add_(const MPI_Aint* base, const MPI_Aint* disp) { return MPI_Aint_add(*base, *disp); }
MPI_Aint mpi_aint_diff_(const MPI_Aint* addr1, const MPI_Aint* addr2) { return MPI_Aint_diff(*addr1, *addr2); }

}  // extern "C"
