/* MPI_Init starts the rank's log (when XO_PMPI_DIR names a directory): its clock offset to rank 0
   (none for a rank on rank 0's host, whose CLOCK_MONOTONIC is the same clock: same boot; else
   measured by ping-pong, as Score-P does, the smallest round trip of several, the offset taken at
   its middle), and the library's version; MPI_Finalize writes the log out. Communicators made or
   freed keep the handle table right. */

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wrap_support.h"

XO_THREAD_LOCAL int xo_depth = 0;
XO_THREAD_LOCAL int xo_recording_thread = 0;

/* MPI calls made by other threads than MPI_Init's, before MPI_Init too (they are not traced). */
static atomic_ullong g_other_thread_calls = 0;

void xo_other_thread_call(void) { atomic_fetch_add_explicit(&g_other_thread_calls, 1, memory_order_relaxed); }

enum { kClockRounds = 20, kClockTag = 1, kDoneTag = 2, kBootIdBytes = 40 };

/* Waits, asleep, for a message from rank 0 with `tag` (then to be received): MPICH polls in a
   receive, and the ranks that wait for rank 0 would take the cores from those it is measuring. A
   millisecond's nap: with naps of 20 us, 4 MPICH ranks on 2 cores still measured offsets to within
   2-4 ms only (wake-ups preempt the pair being measured); with 1 ms, within a microsecond. */
static void await_rank_0(int tag, MPI_Comm comm) {
  const struct timespec nap = {0, 1000000};
  for (int arrived = 0; !arrived;) {
    PMPI_Iprobe(0, tag, comm, &arrived, MPI_STATUS_IGNORE);
    if (!arrived) nanosleep(&nap, NULL);
  }
}

/* This host's boot: processes that share it share CLOCK_MONOTONIC. */
static void boot_id(char id[kBootIdBytes]) {
  memset(id, 0, kBootIdBytes);
  FILE* in = fopen("/proc/sys/kernel/random/boot_id", "re");
  if (in == NULL) return;
  if (fgets(id, kBootIdBytes, in) == NULL) id[0] = '\0';
  fclose(in);
}

typedef struct {
  int64_t offset_ns; /* added to this rank's clock to give rank 0's */
  int64_t error_ns;  /* at most this far off: half the best round trip (0 on rank 0's host) */
  int other_host;    /* the rank runs on another host than rank 0 (another boot) */
} clock_sync;

/* Rank 0 measures each other host's ranks' offsets in turn on a private communicator, then tells
   each its own. */
static clock_sync clock_offset(int rank, int size) {
  MPI_Comm sync;
  PMPI_Comm_dup(MPI_COMM_WORLD, &sync);
  char mine_boot[kBootIdBytes], root_boot[kBootIdBytes];
  boot_id(mine_boot);
  memcpy(root_boot, mine_boot, kBootIdBytes);
  PMPI_Bcast(root_boot, kBootIdBytes, MPI_CHAR, 0, sync);
  const int on_root_host = root_boot[0] != '\0' && memcmp(mine_boot, root_boot, kBootIdBytes) == 0;
  int same_host = on_root_host;
  const char* sync_mode = getenv(XO_PMPI_CLOCK_SYNC_VARIABLE);
  if (rank != 0 && sync_mode != NULL && strcmp(sync_mode, "measure") == 0) same_host = 0;
  int* hosts = rank == 0 ? malloc(sizeof(int) * (size_t)size) : NULL;
  PMPI_Gather(&same_host, 1, MPI_INT, hosts, 1, MPI_INT, 0, sync);
  clock_sync mine = {0, 0, !on_root_host};
  if (rank == 0) {
    for (int peer = 1; peer < size; ++peer) {
      if (hosts[peer]) continue;
      int64_t best_round_trip = INT64_MAX, offset = 0;
      for (int i = 0; i < kClockRounds; ++i) {
        int64_t theirs = 0;
        const int64_t sent = xo_now_ns();
        PMPI_Send(&sent, 1, MPI_INT64_T, peer, kClockTag, sync);
        PMPI_Recv(&theirs, 1, MPI_INT64_T, peer, kClockTag, sync, MPI_STATUS_IGNORE);
        const int64_t back = xo_now_ns();
        if (back - sent < best_round_trip) {
          best_round_trip = back - sent;
          offset = sent + (back - sent) / 2 - theirs;
        }
      }
      const int64_t told[2] = {offset, best_round_trip / 2};
      PMPI_Send(told, 2, MPI_INT64_T, peer, kClockTag, sync);
    }
    free(hosts);
    for (int peer = 1; peer < size; ++peer) PMPI_Send(NULL, 0, MPI_BYTE, peer, kDoneTag, sync);
  } else if (!same_host) {
    await_rank_0(kClockTag, sync); /* rank 0 measures one peer after another */
    for (int i = 0; i < kClockRounds; ++i) {
      int64_t ping = 0;
      PMPI_Recv(&ping, 1, MPI_INT64_T, 0, kClockTag, sync, MPI_STATUS_IGNORE);
      const int64_t now = xo_now_ns();
      PMPI_Send(&now, 1, MPI_INT64_T, 0, kClockTag, sync);
    }
    int64_t told[2] = {0, 0};
    PMPI_Recv(told, 2, MPI_INT64_T, 0, kClockTag, sync, MPI_STATUS_IGNORE);
    mine = (clock_sync){told[0], told[1], !on_root_host};
  }
  if (rank != 0) { /* measured, or on rank 0's host: asleep until every peer is */
    await_rank_0(kDoneTag, sync);
    PMPI_Recv(NULL, 0, MPI_BYTE, 0, kDoneTag, sync, MPI_STATUS_IGNORE);
  }
  PMPI_Comm_free(&sync);
  return mine;
}

/* Whether this job is traced: every rank syncs its clock at MPI_Init and MPI_Finalize (collective
   steps), even one whose log could not be opened. */
static int g_tracing = 0;

static void record_clock(int rank, int size) {
  const int64_t measured = xo_now_ns();
  const clock_sync s = clock_offset(rank, size);
  const int64_t error = s.error_ns < INT32_MAX ? s.error_ns : INT32_MAX;
  xo_log_append(XO_PMPI_CLOCK, measured, (int32_t)error, 0, s.other_host, (uint64_t)s.offset_ns);
}

static void start_log(int64_t entered, enum xo_pmpi_call call) {
  const char* directory = getenv(XO_PMPI_DIR_VARIABLE);
  if (directory == NULL || *directory == '\0') return;
  g_tracing = 1;
  int rank = 0, size = 1, length = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  char library[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  PMPI_Get_library_version(library, &length);
  const int64_t measured = xo_now_ns();
  const clock_sync s = clock_offset(rank, size);
  xo_log_start(directory, rank, size, s.offset_ns, library);
  xo_log_append(XO_PMPI_ENTER, entered, (int32_t)call, 0, 0, 0);
  xo_log_append(XO_PMPI_CLOCK, measured, (int32_t)(s.error_ns < INT32_MAX ? s.error_ns : INT32_MAX), 0, s.other_host,
                (uint64_t)s.offset_ns);
}

int MPI_Init(int* argc, char*** argv) {
  const int64_t entered = xo_now_ns();
  xo_recording_thread = 1;
  ++xo_depth;
  const int result = PMPI_Init(argc, argv);
  if (result == MPI_SUCCESS) start_log(entered, XO_PMPI_MPI_Init);
  --xo_depth;
  if (xo_log_active()) xo_log_append(XO_PMPI_LEAVE, xo_now_ns(), XO_PMPI_MPI_Init, 0, 0, 0);
  return result;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int64_t entered = xo_now_ns();
  xo_recording_thread = 1;
  ++xo_depth;
  const int result = PMPI_Init_thread(argc, argv, required, provided);
  if (result == MPI_SUCCESS) start_log(entered, XO_PMPI_MPI_Init_thread);
  --xo_depth;
  if (xo_log_active()) xo_log_append(XO_PMPI_LEAVE, xo_now_ns(), XO_PMPI_MPI_Init_thread, 0, 0, 0);
  return result;
}

int MPI_Finalize(void) {
  const int traced = xo_enter(XO_PMPI_MPI_Finalize);
  if (g_tracing) { /* a second offset, for the drift since MPI_Init */
    int rank = 0, size = 1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    record_clock(rank, size);
  }
  const int result = PMPI_Finalize();
  xo_leave(XO_PMPI_MPI_Finalize, traced);
  const unsigned long long others = atomic_load(&g_other_thread_calls);
  if (others > 0 && xo_log_active()) xo_log_append(XO_PMPI_OTHER_THREAD_CALLS, xo_now_ns(), 0, 0, 0, others);
  xo_log_stop();
  return result;
}

/* The job ends here: what this rank logged is written out first (the launcher kills the others,
   whose last block is lost). */
int MPI_Abort(MPI_Comm comm, int code) {
  if (xo_log_active()) {
    xo_log_append(XO_PMPI_ENTER, xo_now_ns(), XO_PMPI_MPI_Abort, 0, 0, 0);
    xo_log_stop();
  }
  return PMPI_Abort(comm, code);
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
  const int traced = xo_enter(XO_PMPI_MPI_Comm_dup);
  const int result = PMPI_Comm_dup(comm, newcomm);
  if (traced && result == MPI_SUCCESS) xo_comm_id(*newcomm);
  xo_leave(XO_PMPI_MPI_Comm_dup, traced);
  return result;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
  const int traced = xo_enter(XO_PMPI_MPI_Comm_split);
  const int result = PMPI_Comm_split(comm, color, key, newcomm);
  if (traced && result == MPI_SUCCESS && *newcomm != MPI_COMM_NULL) xo_comm_id(*newcomm);
  xo_leave(XO_PMPI_MPI_Comm_split, traced);
  return result;
}

/* Intercommunicators (with both groups) and the intracommunicators merged from them are registered
   when made, as split ones are: each member then numbers them at the same point of its calls. */
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm* newintercomm) {
  const int traced = xo_enter(XO_PMPI_MPI_Intercomm_create);
  const int result = PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, newintercomm);
  if (traced && result == MPI_SUCCESS) xo_comm_id(*newintercomm);
  xo_leave(XO_PMPI_MPI_Intercomm_create, traced);
  return result;
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
  const int traced = xo_enter(XO_PMPI_MPI_Intercomm_merge);
  const int result = PMPI_Intercomm_merge(intercomm, high, newintracomm);
  if (traced && result == MPI_SUCCESS) xo_comm_id(*newintracomm);
  xo_leave(XO_PMPI_MPI_Intercomm_merge, traced);
  return result;
}

int MPI_Comm_free(MPI_Comm* comm) {
  const int traced = xo_enter(XO_PMPI_MPI_Comm_free);
  xo_comm_forget(*comm);
  const int result = PMPI_Comm_free(comm);
  xo_leave(XO_PMPI_MPI_Comm_free, traced);
  return result;
}
