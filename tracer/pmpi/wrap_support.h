#pragma once
/* What every interposed MPI call does around the real one (PMPI_...): Enter and Leave records
   with the call's id, only while recording and only for the outermost call (an MPI library that
   calls its own MPI_ functions inside one is not traced twice). */

#include <mpi.h>
#include <stdint.h>

#include "handle_tables.h"
#include "rank_log.h"

/* Per thread; initial-exec: the tracer is preloaded, so its thread-local variables are in the
   static TLS block and cost a load, not a call. */
#define XO_THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))

extern XO_THREAD_LOCAL int xo_depth; /* MPI calls open on this thread, the tracer's own included */
/* Set in the thread that called MPI_Init: the log has one location per rank, so only its calls are
   traced; under MPI_THREAD_MULTIPLE the others' are counted (xo_other_thread_call) and the archive
   says how many were left out. */
extern XO_THREAD_LOCAL int xo_recording_thread;
void xo_other_thread_call(void);

/* Whether this call is traced: recording, from the thread that initialised MPI, and not inside
   another MPI call. Counts the call. */
static inline int xo_enter(enum xo_pmpi_call call) {
  if (xo_depth++ > 0) return 0;
  if (!xo_recording_thread) {
    xo_other_thread_call();
    return 0;
  }
  if (!xo_log_active()) return 0;
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

static inline int xo_is_inter(MPI_Comm comm) {
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  return inter;
}

/* The ranks a collective on `comm` exchanges blocks with, the length of its per-rank count arrays:
   the communicator's, or an intercommunicator's remote group's. */
static inline int xo_peer_count(MPI_Comm comm) {
  int size = 0;
  if (xo_is_inter(comm)) {
    PMPI_Comm_remote_size(comm, &size);
  } else {
    PMPI_Comm_size(comm, &size);
  }
  return size;
}

/* This rank's part in a rooted collective (MPI-3.1 section 5.2.2): on an intercommunicator the root
   passes MPI_ROOT, the rest of its group MPI_PROC_NULL (they move nothing) and the remote group the
   root's rank. */
typedef struct {
  int32_t logged; /* the root as the log records it (pmpi_log.h) */
  int is_root;
  int own_block; /* this rank gives or takes a block of its own: any member but the intercommunicator's
                    root and its bystanders */
  int peers;     /* the blocks the root gives or takes: xo_peer_count */
} xo_rooted;

static inline xo_rooted xo_rooted_part(int root, MPI_Comm comm) {
  if (!xo_is_inter(comm)) return (xo_rooted){root, xo_comm_rank(comm) == root, 1, xo_comm_size(comm)};
  if (root == MPI_ROOT) return (xo_rooted){XO_PMPI_ROOT_SELF, 1, 0, xo_peer_count(comm)};
  if (root == MPI_PROC_NULL) return (xo_rooted){XO_PMPI_ROOT_THIS_GROUP, 0, 0, 0};
  return (xo_rooted){root, 0, 1, 0};
}

/* The sum of `counts` over `ranks` blocks, in bytes of `type`. */
static inline uint64_t xo_total_bytes(const int* counts, MPI_Datatype type, int ranks) {
  uint64_t sum = 0;
  for (int i = 0; i < ranks; ++i) sum += xo_bytes(counts[i], type);
  return sum;
}

/* As xo_total_bytes, each block of its own type (the -w collectives). */
static inline uint64_t xo_typed_bytes(const int* counts, const MPI_Datatype* types, int ranks) {
  uint64_t sum = 0;
  for (int i = 0; i < ranks; ++i) sum += xo_bytes(counts[i], types[i]);
  return sum;
}

/* A blocking collective's MpiCollectiveBegin, inside its call before the real one, and its
   MpiCollectiveEnd after it, with the root as the log records it and the bytes this rank's buffers
   gave and got. */
static inline void xo_collective_begin(void) { xo_log_append(XO_PMPI_COLLECTIVE_BEGIN, xo_now_ns(), 0, 0, 0, 0); }

static inline void xo_collective_end(enum xo_pmpi_call call, MPI_Comm comm, int32_t root, uint64_t sent,
                                     uint64_t received) {
  const int64_t now = xo_now_ns();
  xo_log_append(XO_PMPI_COLLECTIVE_END, now, (int32_t)call, xo_comm_id(comm), root, sent);
  xo_log_append(XO_PMPI_EXTRA, now, 0, 0, 0, received);
}

/* A nonblocking collective started (the call succeeded): its request remembered with what its
   completion will record (wrap_nonblocking_collectives.c). */
void xo_collective_started(MPI_Request request, enum xo_pmpi_call call, MPI_Comm comm, int32_t root, uint64_t sent,
                           uint64_t received);

/* The completion of a request the program started, seen in `status`. */
void xo_request_completed(MPI_Request handle, const MPI_Status* status);
