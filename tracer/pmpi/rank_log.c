#include "rank_log.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { kBlockRecords = 4096 }; /* 128 KiB a write */

static int g_fd = -1;
static FILE* g_comms = NULL;
static xo_pmpi_record g_block[kBlockRecords];
static int g_used = 0;

int xo_log_active(void) { return g_fd >= 0; }

int64_t xo_now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void write_all(const void* data, size_t bytes) {
  const char* at = data;
  while (bytes > 0 && g_fd >= 0) {
    const ssize_t n = write(g_fd, at, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      fprintf(stderr, "xo pmpi: cannot write the rank's trace log (%s); the rest of this rank goes unrecorded\n",
              strerror(errno));
      close(g_fd);
      g_fd = -1;
      return;
    }
    at += n;
    bytes -= (size_t)n;
  }
}

static void flush_block(void) {
  write_all(g_block, sizeof(xo_pmpi_record) * (size_t)g_used);
  g_used = 0;
}

/* A rank that is killed (the launcher's SIGTERM when another rank failed, Ctrl-C) or crashes
   writes its block out first, with write(2) alone, then dies as it would have: the handler in
   place before (the MPI library's, or the default) takes the signal again. */
static const int kFatalSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
enum { kFatalSignalCount = sizeof kFatalSignals / sizeof kFatalSignals[0] };
static struct sigaction g_previous[kFatalSignalCount];

static void on_fatal_signal(int signal) {
  const int fd = g_fd;
  if (fd >= 0 && g_used > 0) {
    const char* at = (const char*)g_block;
    size_t left = sizeof(xo_pmpi_record) * (size_t)g_used;
    while (left > 0) {
      const ssize_t n = write(fd, at, left);
      if (n <= 0) break;
      at += n;
      left -= (size_t)n;
    }
    g_used = 0;
  }
  g_fd = -1;
  for (int i = 0; i < kFatalSignalCount; ++i) {
    if (kFatalSignals[i] == signal) sigaction(signal, &g_previous[i], NULL);
  }
  raise(signal);
}

static void catch_fatal_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_fatal_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (int i = 0; i < kFatalSignalCount; ++i) sigaction(kFatalSignals[i], &action, &g_previous[i]);
}

void xo_log_start(const char* directory, int rank, int size, int64_t clock_offset_ns, const char* library) {
  char path[4096];
  snprintf(path, sizeof path, "%s/rank-%d.log", directory, rank);
  g_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (g_fd < 0) {
    fprintf(stderr, "xo pmpi: rank %d cannot create %s (%s): it goes unrecorded\n", rank, path, strerror(errno));
    return;
  }
  snprintf(path, sizeof path, "%s/rank-%d.comms", directory, rank);
  g_comms = fopen(path, "we");
  if (g_comms == NULL) {
    fprintf(stderr, "xo pmpi: rank %d cannot create %s (%s): it goes unrecorded\n", rank, path, strerror(errno));
    close(g_fd);
    g_fd = -1;
    return;
  }
  xo_pmpi_log_header header;
  memset(&header, 0, sizeof header);
  memcpy(header.magic, XO_PMPI_LOG_MAGIC, sizeof header.magic);
  header.world_rank = rank;
  header.world_size = size;
  header.clock_offset_ns = clock_offset_ns;
  snprintf(header.library, sizeof header.library, "%.*s", (int)strcspn(library, "\n"), library);
  for (char* c = header.library; *c != '\0'; ++c) {
    if (*c == '\t') *c = ' '; /* MPICH's "MPICH Version:\t4.0.2" */
  }
  write_all(&header, sizeof header);
  catch_fatal_signals();
}

void xo_log_append(uint32_t kind, int64_t time_ns, int32_t a, int32_t b, int32_t c, uint64_t wide) {
  if (g_fd < 0) return;
  xo_pmpi_record* r = &g_block[g_used];
  r->time_ns = time_ns;
  r->wide = wide;
  r->a = a;
  r->b = b;
  r->c = c;
  r->kind = kind;
  ++g_used; /* after the record is whole: a signal's flush writes only whole ones */
  if (g_used == kBlockRecords) flush_block();
}

void xo_log_stop(void) {
  if (g_fd >= 0) {
    for (int i = 0; i < kFatalSignalCount; ++i) sigaction(kFatalSignals[i], &g_previous[i], NULL);
    flush_block();
    if (g_fd >= 0) close(g_fd);
  }
  g_fd = -1;
  if (g_comms != NULL) fclose(g_comms);
  g_comms = NULL;
}

FILE* xo_log_comms(void) { return g_comms; }
