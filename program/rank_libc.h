/* The per-process state of libc that programs use as if it were theirs, kept per rank when the
 * ranks of a run own private copies of the program. Shared by the C interposers
 * (libc_interposers.c) and the C++ side that switches it with the running rank (private_ranks.cpp).
 *
 * What each rank gets: getopt's optind, optarg, opterr and optopt and errno (saved and restored at
 * every switch), the rand/random state, the drand48 family's state and strtok's position (the
 * interposers below use the running rank's). What stays shared, as documented in the README:
 * getopt's internal position inside a grouped option between two calls that switch ranks, the
 * environment, the working directory, signal handlers, stdio buffers, the heap. */
#ifndef XO_PROGRAM_RANK_LIBC_H
#define XO_PROGRAM_RANK_LIBC_H

#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

struct xo_rank_libc {
  /* Saved while the rank is not running; libc's own variables hold them while it runs. */
  int optind;
  int opterr;
  int optopt;
  char* optarg;
  int saved_errno;
  /* Used through the interposers while the rank runs. */
  int random_ready;
  struct random_data random;
  char random_state[128];
  struct drand48_data drand48;
  char* strtok_next;
  int started; /* set at the rank's first switch, when getopt's hidden state is reset */
  /* The rank's copy's own getopt variables, where it has them (a PIE compiled without -fPIC has
   * copies that libc does not update); null otherwise. */
  int* copied_optind;
  int* copied_opterr;
  int* copied_optopt;
  char** copied_optarg;
};

/* A fresh process's state. */
void xo_rank_libc_init(struct xo_rank_libc* state);
/* The state the interposers use now: the running rank's, or the process's outside any rank. */
struct xo_rank_libc* xo_rank_libc_current(void);
void xo_rank_libc_set_current(struct xo_rank_libc* state);

/* Ends the running rank as exit(code) ends a process, its exit handlers left for the process's
 * exit like every rank's; returns 0 outside a simulated rank, where exit() must end the process.
 * Defined in private_ranks.cpp. */
int xo_exit_rank(int code);

#ifdef __cplusplus
}
#endif

#endif
