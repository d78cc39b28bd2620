/* MPI-2/3 one-sided communication, as regions only: each call's Enter and Leave, so that its time
   is in the profile by call, but no OTF2 RMA events (windows, puts and gets with their targets and
   bytes) yet: the writer records those for no MPI. A request of MPI_Rput or MPI_Rget is one the
   tracer does not know, so its wait records no message. */

#include "wrap_support.h"

/* The body of a wrapper that records the call as a region. */
#define XO_REGION(name, real_call)             \
  const int traced = xo_enter(XO_PMPI_##name); \
  const int status = real_call;                \
  xo_leave(XO_PMPI_##name, traced);            \
  return status

int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  XO_REGION(MPI_Win_create, PMPI_Win_create(base, size, disp_unit, info, comm, win));
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  XO_REGION(MPI_Win_allocate, PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win));
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  XO_REGION(MPI_Win_allocate_shared, PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win));
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  XO_REGION(MPI_Win_create_dynamic, PMPI_Win_create_dynamic(info, comm, win));
}

int MPI_Win_free(MPI_Win* win) { XO_REGION(MPI_Win_free, PMPI_Win_free(win)); }

int MPI_Win_fence(int assertion, MPI_Win win) { XO_REGION(MPI_Win_fence, PMPI_Win_fence(assertion, win)); }

int MPI_Win_post(MPI_Group group, int assertion, MPI_Win win) {
  XO_REGION(MPI_Win_post, PMPI_Win_post(group, assertion, win));
}

int MPI_Win_start(MPI_Group group, int assertion, MPI_Win win) {
  XO_REGION(MPI_Win_start, PMPI_Win_start(group, assertion, win));
}

int MPI_Win_complete(MPI_Win win) { XO_REGION(MPI_Win_complete, PMPI_Win_complete(win)); }

int MPI_Win_wait(MPI_Win win) { XO_REGION(MPI_Win_wait, PMPI_Win_wait(win)); }

int MPI_Win_lock(int lock_type, int rank, int assertion, MPI_Win win) {
  XO_REGION(MPI_Win_lock, PMPI_Win_lock(lock_type, rank, assertion, win));
}

int MPI_Win_unlock(int rank, MPI_Win win) { XO_REGION(MPI_Win_unlock, PMPI_Win_unlock(rank, win)); }

int MPI_Win_lock_all(int assertion, MPI_Win win) { XO_REGION(MPI_Win_lock_all, PMPI_Win_lock_all(assertion, win)); }

int MPI_Win_unlock_all(MPI_Win win) { XO_REGION(MPI_Win_unlock_all, PMPI_Win_unlock_all(win)); }

int MPI_Win_flush(int rank, MPI_Win win) { XO_REGION(MPI_Win_flush, PMPI_Win_flush(rank, win)); }

int MPI_Win_flush_all(MPI_Win win) { XO_REGION(MPI_Win_flush_all, PMPI_Win_flush_all(win)); }

int MPI_Win_flush_local(int rank, MPI_Win win) { XO_REGION(MPI_Win_flush_local, PMPI_Win_flush_local(rank, win)); }

int MPI_Win_sync(MPI_Win win) { XO_REGION(MPI_Win_sync, PMPI_Win_sync(win)); }

int MPI_Put(const void* origin, int origin_count, MPI_Datatype origin_type, int target_rank, MPI_Aint target_disp,
            int target_count, MPI_Datatype target_type, MPI_Win win) {
  XO_REGION(MPI_Put,
            PMPI_Put(origin, origin_count, origin_type, target_rank, target_disp, target_count, target_type, win));
}

int MPI_Get(void* origin, int origin_count, MPI_Datatype origin_type, int target_rank, MPI_Aint target_disp,
            int target_count, MPI_Datatype target_type, MPI_Win win) {
  XO_REGION(MPI_Get,
            PMPI_Get(origin, origin_count, origin_type, target_rank, target_disp, target_count, target_type, win));
}

int MPI_Rput(const void* origin, int origin_count, MPI_Datatype origin_type, int target_rank, MPI_Aint target_disp,
             int target_count, MPI_Datatype target_type, MPI_Win win, MPI_Request* request) {
  XO_REGION(MPI_Rput, PMPI_Rput(origin, origin_count, origin_type, target_rank, target_disp, target_count, target_type,
                                win, request));
}

int MPI_Rget(void* origin, int origin_count, MPI_Datatype origin_type, int target_rank, MPI_Aint target_disp,
             int target_count, MPI_Datatype target_type, MPI_Win win, MPI_Request* request) {
  XO_REGION(MPI_Rget, PMPI_Rget(origin, origin_count, origin_type, target_rank, target_disp, target_count, target_type,
                                win, request));
}

int MPI_Accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win) {
  XO_REGION(MPI_Accumulate, PMPI_Accumulate(origin, origin_count, origin_type, target_rank, target_disp, target_count,
                                            target_type, op, win));
}

int MPI_Get_accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, void* result, int result_count,
                       MPI_Datatype result_type, int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_type, MPI_Op op, MPI_Win win) {
  XO_REGION(MPI_Get_accumulate,
            PMPI_Get_accumulate(origin, origin_count, origin_type, result, result_count, result_type, target_rank,
                                target_disp, target_count, target_type, op, win));
}

int MPI_Fetch_and_op(const void* origin, void* result, MPI_Datatype type, int target_rank, MPI_Aint target_disp,
                     MPI_Op op, MPI_Win win) {
  XO_REGION(MPI_Fetch_and_op, PMPI_Fetch_and_op(origin, result, type, target_rank, target_disp, op, win));
}

int MPI_Compare_and_swap(const void* origin, const void* compare, void* result, MPI_Datatype type, int target_rank,
                         MPI_Aint target_disp, MPI_Win win) {
  XO_REGION(MPI_Compare_and_swap, PMPI_Compare_and_swap(origin, compare, result, type, target_rank, target_disp, win));
}
