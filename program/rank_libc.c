/* The per-rank libc state (rank_libc.h): which one is in use. */
#define _GNU_SOURCE
#include "rank_libc.h"

#include <string.h>

static struct xo_rank_libc process_state;
static int process_state_ready;
static struct xo_rank_libc* current_state;

void xo_rank_libc_init(struct xo_rank_libc* state) {
  memset(state, 0, sizeof *state);
  state->optind = 1;
  state->opterr = 1;
  state->optopt = '?';
}

struct xo_rank_libc* xo_rank_libc_current(void) {
  if (current_state != NULL) return current_state;
  if (!process_state_ready) {
    xo_rank_libc_init(&process_state);
    process_state_ready = 1;
  }
  return &process_state;
}

void xo_rank_libc_set_current(struct xo_rank_libc* state) { current_state = state; }
