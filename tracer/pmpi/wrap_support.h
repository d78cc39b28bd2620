#pragma once
/* What every interposed MPI call does around the real one (PMPI_...): Enter and Leave records
   with the call's id, only while recording and only for the outermost call (an MPI library that
   calls its own MPI_ functions inside one is not traced twice). */

#include <mpi.h>
#include <stdint.h>

#include "handle_tables.h"
#include "rank_log.h"

extern int xo_depth; /* MPI calls open on this rank, the tracer's own included */

/* Whether this call is traced: recording, and not inside another MPI call. Counts the call. */
static inline int xo_enter(enum xo_pmpi_call call) {
  if (xo_depth++ > 0 || !xo_log_active()) return 0;
  xo_log_append(XO_PMPI_ENTER, xo_now_ns(), (int32_t)call, 0, 0, 0);
  return 1;
}

static inline void xo_leave(enum xo_pmpi_call call, int traced) {
  --xo_depth;
  if (traced) xo_log_append(XO_PMPI_LEAVE, xo_now_ns(), (int32_t)call, 0, 0, 0);
}

static inline uint64_t xo_bytes(int count, MPI_Datatype type) {
  int size = 0;
  if (count <= 0 || type == MPI_DATATYPE_NULL || PMPI_Type_size(type, &size) != MPI_SUCCESS) return 0;
  return (uint64_t)count * (uint64_t)size;
}

static inline int xo_comm_size(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

static inline int xo_comm_rank(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

/* The completion of a request the program started, seen in `status`. */
void xo_request_completed(MPI_Request handle, const MPI_Status* status);
