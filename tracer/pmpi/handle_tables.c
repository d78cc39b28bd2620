#include "handle_tables.h"

#include <stdlib.h>
#include <string.h>

#include "rank_log.h"

/* `array` (of `count` elements of `size` bytes) with room for one more, grown by doubling. */
static void* with_room(void* array, int count, int* room, size_t size) {
  if (count < *room) return array;
  *room = *room == 0 ? 16 : 2 * *room;
  return realloc(array, size * (size_t)*room);
}

/* Communicators: few, so a list searched from the newest. */
typedef struct {
  MPI_Comm handle;
  int32_t id;
} comm_entry;

static comm_entry* g_comms = NULL;
static int g_comm_count = 0, g_comm_room = 0;
static int32_t g_next_comm_id = XO_PMPI_COMM_SELF + 1;

/* " <size> <world ranks...>" of `group`, in its rank order. */
static void write_group(FILE* out, MPI_Group group, MPI_Group world) {
  int size = 0;
  PMPI_Group_size(group, &size);
  int* ranks = malloc(sizeof(int) * (size_t)(2 * size + 1));
  for (int i = 0; i < size; ++i) ranks[i] = i;
  PMPI_Group_translate_ranks(group, size, ranks, world, ranks + size);
  fprintf(out, " %d", size);
  for (int i = 0; i < size; ++i) fprintf(out, " %d", ranks[size + i]);
  free(ranks);
}

/* The communicator's line of the .comms file (pmpi_log.h): its group, and an intercommunicator's
   remote group, whose ranks its point-to-point calls name. */
static void write_members(int32_t id, MPI_Comm comm) {
  FILE* out = xo_log_comms();
  if (out == NULL) return;
  MPI_Group group, world;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  fprintf(out, "%d", id);
  write_group(out, group, world);
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) {
    MPI_Group remote;
    PMPI_Comm_remote_group(comm, &remote);
    fputs(" remote", out);
    write_group(out, remote, world);
    PMPI_Group_free(&remote);
  }
  fputc('\n', out);
  fflush(out); /* a rank that dies later keeps its communicators */
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
}

int32_t xo_comm_id(MPI_Comm comm) {
  if (comm == MPI_COMM_WORLD) return XO_PMPI_COMM_WORLD;
  if (comm == MPI_COMM_SELF) return XO_PMPI_COMM_SELF;
  for (int i = g_comm_count; i-- > 0;) {
    if (g_comms[i].handle == comm) return g_comms[i].id;
  }
  g_comms = with_room(g_comms, g_comm_count, &g_comm_room, sizeof *g_comms);
  const int32_t id = g_next_comm_id++;
  g_comms[g_comm_count++] = (comm_entry){comm, id};
  write_members(id, comm);
  return id;
}

void xo_comm_forget(MPI_Comm comm) {
  for (int i = g_comm_count; i-- > 0;) {
    if (g_comms[i].handle == comm) {
      g_comms[i] = g_comms[--g_comm_count];
      return;
    }
  }
}

/* Requests: an open-addressing table keyed by the handle's bytes (an int in MPICH, a pointer in
   Open MPI), grown at half full; a removed entry is a tombstone until the table is rebuilt. */
typedef struct {
  MPI_Request handle;
  xo_request request;
  uint8_t state; /* 0 empty, 1 used, 2 removed */
} request_slot;

static request_slot* g_slots = NULL;
static size_t g_slot_count = 0, g_slots_taken = 0; /* taken: used or removed */
static uint64_t g_next_request_id = 1;

static size_t slot_of(MPI_Request handle) {
  uint64_t key = 0;
  memcpy(&key, &handle, sizeof handle < sizeof key ? sizeof handle : sizeof key);
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdull;
  key ^= key >> 33;
  return (size_t)key & (g_slot_count - 1);
}

static void insert(MPI_Request handle, xo_request request);

static void grow(void) {
  request_slot* old = g_slots;
  const size_t old_count = g_slot_count;
  g_slot_count = old_count == 0 ? 256 : 2 * old_count;
  g_slots = calloc(g_slot_count, sizeof(request_slot));
  g_slots_taken = 0;
  for (size_t i = 0; i < old_count; ++i) {
    if (old[i].state == 1) insert(old[i].handle, old[i].request);
  }
  free(old);
}

static void insert(MPI_Request handle, xo_request request) {
  if (2 * (g_slots_taken + 1) > g_slot_count) grow();
  for (size_t i = slot_of(handle);; i = (i + 1) & (g_slot_count - 1)) {
    request_slot* s = &g_slots[i];
    if (s->state == 1 && s->handle == handle) { /* a handle reused: the old request is gone */
      s->request = request;
      return;
    }
    if (s->state != 1) {
      if (s->state == 0) ++g_slots_taken;
      s->handle = handle;
      s->request = request;
      s->state = 1;
      return;
    }
  }
}

uint64_t xo_request_started(MPI_Request handle, xo_request request) {
  request.id = g_next_request_id++;
  insert(handle, request);
  return request.id;
}

int xo_request_take(MPI_Request handle, xo_request* out) {
  if (g_slot_count == 0 || handle == MPI_REQUEST_NULL) return 0;
  for (size_t i = slot_of(handle);; i = (i + 1) & (g_slot_count - 1)) {
    request_slot* s = &g_slots[i];
    if (s->state == 0) return 0;
    if (s->state == 1 && s->handle == handle) {
      *out = s->request;
      s->state = 2;
      return 1;
    }
  }
}

/* Persistent requests: few, in a list. */
typedef struct {
  MPI_Request handle;
  xo_persistent p;
} persistent_entry;

static persistent_entry* g_persistent = NULL;
static int g_persistent_count = 0, g_persistent_room = 0;

void xo_persistent_made(MPI_Request handle, xo_persistent p) {
  g_persistent = with_room(g_persistent, g_persistent_count, &g_persistent_room, sizeof *g_persistent);
  g_persistent[g_persistent_count++] = (persistent_entry){handle, p};
}

int xo_persistent_find(MPI_Request handle, xo_persistent* out) {
  for (int i = g_persistent_count; i-- > 0;) {
    if (g_persistent[i].handle == handle) {
      *out = g_persistent[i].p;
      return 1;
    }
  }
  return 0;
}

void xo_persistent_forget(MPI_Request handle) {
  for (int i = g_persistent_count; i-- > 0;) {
    if (g_persistent[i].handle == handle) {
      g_persistent[i] = g_persistent[--g_persistent_count];
      return;
    }
  }
}
