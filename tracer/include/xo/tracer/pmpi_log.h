#pragma once
/* The per-rank event log the PMPI tracer (tracer/pmpi/) writes while a job of the system's own MPI
   runs, and xo record turns into one OTF2 archive once the job has ended (tracer/import/). Each
   rank writes, in the directory XO_PMPI_DIR names:
     rank-<world rank>.log    a header, then fixed-size records in the rank's time order;
     rank-<world rank>.comms  a line per communicator it used: "<id> <size> <world ranks...>", an
                              intercommunicator's followed by " remote <size> <world ranks...>" of
                              its remote group (a reader that stops after the first group sees the
                              local group alone, as tracers before it wrote).
   Plain C, native byte order: written and read on machines of one kind. Records are flushed in
   blocks, so a job killed midway leaves the blocks written before. */

#include <stdint.h>

#define XO_PMPI_LOG_MAGIC "xopmpi1" /* 8 bytes with its NUL */
#define XO_PMPI_DIR_VARIABLE "XO_PMPI_DIR"
/* "measure": every rank's clock offset measured by ping-pong, even on rank 0's host (where the
   clock is shared and the offset is known to be 0): to check the synchronisation of several hosts
   on one. */
#define XO_PMPI_CLOCK_SYNC_VARIABLE "XO_PMPI_CLOCK_SYNC"

/* The calls the tracer intercepts, by id: X(name). The ids are positions in this list. Laid out
   by hand: clang-format cannot lay out an X-macro list and does not reach a fixed point on it. */
/* clang-format off */
#define XO_PMPI_CALLS(X)                                                                              \
  X(MPI_Init) X(MPI_Init_thread) X(MPI_Finalize) X(MPI_Send) X(MPI_Ssend) X(MPI_Rsend) X(MPI_Bsend)  \
  X(MPI_Recv) X(MPI_Isend) X(MPI_Issend) X(MPI_Irecv) X(MPI_Wait) X(MPI_Waitall) X(MPI_Test)          \
  X(MPI_Testall) X(MPI_Sendrecv) X(MPI_Barrier) X(MPI_Bcast) X(MPI_Reduce) X(MPI_Allreduce)          \
  X(MPI_Gather) X(MPI_Scatter) X(MPI_Allgather) X(MPI_Alltoall) X(MPI_Comm_dup) X(MPI_Comm_split)    \
  X(MPI_Comm_free) X(MPI_Abort) X(MPI_Waitany) X(MPI_Waitsome) X(MPI_Testany) X(MPI_Testsome)        \
  X(MPI_Probe) X(MPI_Iprobe) X(MPI_Gatherv) X(MPI_Scatterv) X(MPI_Allgatherv) X(MPI_Alltoallv)         \
  X(MPI_Reduce_scatter) X(MPI_Reduce_scatter_block) X(MPI_Scan) X(MPI_Exscan) X(MPI_Ibarrier)           \
  X(MPI_Ibcast) X(MPI_Ireduce) X(MPI_Iallreduce) X(MPI_Iallgather) X(MPI_Ialltoall) X(MPI_Send_init)    \
  X(MPI_Recv_init) X(MPI_Start) X(MPI_Startall) X(MPI_Request_free) X(MPI_Igather) X(MPI_Igatherv)      \
  X(MPI_Iscatter) X(MPI_Iscatterv) X(MPI_Iallgatherv) X(MPI_Ialltoallv) X(MPI_Ialltoallw)                \
  X(MPI_Ireduce_scatter) X(MPI_Ireduce_scatter_block) X(MPI_Iscan) X(MPI_Iexscan) X(MPI_Alltoallw)       \
  X(MPI_Neighbor_allgather) X(MPI_Neighbor_allgatherv) X(MPI_Neighbor_alltoall) X(MPI_Neighbor_alltoallv) \
  X(MPI_Neighbor_alltoallw) X(MPI_Ineighbor_allgather) X(MPI_Ineighbor_allgatherv)                      \
  X(MPI_Ineighbor_alltoall) X(MPI_Ineighbor_alltoallv) X(MPI_Ineighbor_alltoallw)                       \
  X(MPI_Sendrecv_replace) X(MPI_Ssend_init) X(MPI_Bsend_init) X(MPI_Rsend_init) X(MPI_Ibsend)           \
  X(MPI_Irsend) X(MPI_Intercomm_create) X(MPI_Intercomm_merge) X(MPI_Win_create) X(MPI_Win_allocate)        \
  X(MPI_Win_allocate_shared) X(MPI_Win_create_dynamic) X(MPI_Win_free) X(MPI_Win_fence) X(MPI_Win_post)  \
  X(MPI_Win_start) X(MPI_Win_complete) X(MPI_Win_wait) X(MPI_Win_lock) X(MPI_Win_unlock)                 \
  X(MPI_Win_lock_all) X(MPI_Win_unlock_all) X(MPI_Win_flush) X(MPI_Win_flush_all) X(MPI_Win_flush_local)  \
  X(MPI_Win_sync) X(MPI_Put) X(MPI_Get) X(MPI_Rput) X(MPI_Rget) X(MPI_Accumulate) X(MPI_Get_accumulate)    \
  X(MPI_Fetch_and_op) X(MPI_Compare_and_swap)
/* clang-format on */

#define XO_PMPI_CALL_ID(name) XO_PMPI_##name,
enum xo_pmpi_call { XO_PMPI_CALLS(XO_PMPI_CALL_ID) XO_PMPI_CALL_COUNT };
#undef XO_PMPI_CALL_ID

typedef struct {
  char magic[8];
  int32_t world_rank;
  int32_t world_size;
  /* Added to this rank's clock to give rank 0's, measured at MPI_Init (0 on rank 0). */
  int64_t clock_offset_ns;
  char library[256]; /* MPI_Get_library_version, its first line */
} xo_pmpi_log_header;

enum xo_pmpi_record_kind {
  XO_PMPI_ENTER = 1,           /* a: call id */
  XO_PMPI_LEAVE,               /* a: call id */
  XO_PMPI_SEND,                /* a: peer (communicator rank), b: communicator id, c: tag, wide: bytes */
  XO_PMPI_ISEND,               /* as SEND, then an EXTRA with wide: request id */
  XO_PMPI_ISEND_COMPLETE,      /* wide: request id */
  XO_PMPI_IRECV_REQUEST,       /* wide: request id */
  XO_PMPI_RECV,                /* as SEND, a: the source */
  XO_PMPI_IRECV,               /* as RECV, then an EXTRA with wide: request id */
  XO_PMPI_COLLECTIVE_BEGIN,    /* */
  XO_PMPI_COLLECTIVE_END,      /* a: call id, b: communicator id, c: root (a communicator rank, or
                                  XO_PMPI_ROOT_...), wide: bytes sent, then an EXTRA with wide: bytes
                                  received */
  XO_PMPI_EXTRA,               /* the second half of the record before it */
  XO_PMPI_CLOCK,               /* wide: the offset to rank 0's clock measured at this time (as int64),
                                  a: its error bound in ns, c: 1 if the rank runs on another host than
                                  rank 0; at MPI_Init and at MPI_Finalize, for the drift between */
  XO_PMPI_COLLECTIVE_REQUEST,  /* a nonblocking collective started; wide: request id */
  XO_PMPI_COLLECTIVE_COMPLETE, /* as COLLECTIVE_END (a: the starting call's id), then an EXTRA with
                                  wide: bytes received and an EXTRA with wide: request id */
  XO_PMPI_OTHER_THREAD_CALLS   /* at MPI_Finalize, wide: MPI calls other threads made, not traced */
};

typedef struct {
  int64_t time_ns; /* CLOCK_MONOTONIC of the rank's host */
  uint64_t wide;
  int32_t a;
  int32_t b;
  int32_t c;
  uint32_t kind;
} xo_pmpi_record;

/* A collective's root when it is no communicator rank: an unrooted operation's; on an
   intercommunicator the root itself (it passed MPI_ROOT) and the rest of its group (MPI_PROC_NULL),
   as OTF2 records them (ROOT_SELF, ROOT_THIS_GROUP). The remote group's members log the root's
   rank in the root's group. */
enum { XO_PMPI_ROOT_NONE = -1, XO_PMPI_ROOT_SELF = -2, XO_PMPI_ROOT_THIS_GROUP = -3 };

/* Communicator ids: MPI_COMM_WORLD is 1, MPI_COMM_SELF 2, others from 3 in the order the rank
   first used them. */
enum { XO_PMPI_COMM_WORLD = 1, XO_PMPI_COMM_SELF = 2 };
