/* libc functions whose state is per process, redefined in the runtime library so that each rank
 * has its own (rank_libc.h). The runtime is loaded before libc, so a program's calls, and its
 * copies' calls, find these first. Each keeps glibc's exact sequence through glibc's reentrant
 * variant on the rank's state, so a rank draws the numbers a process would. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "rank_libc.h"

static struct random_data* random_of(struct xo_rank_libc* s) {
  if (!s->random_ready) {
    /* glibc's default: a TYPE_3 generator of 128 bytes seeded with 1 (random(3)). */
    initstate_r(1, s->random_state, sizeof s->random_state, &s->random);
    s->random_ready = 1;
  }
  return &s->random;
}

long random(void) {
  int32_t value = 0;
  random_r(random_of(xo_rank_libc_current()), &value);
  return value;
}

void srandom(unsigned int seed) { srandom_r(seed, random_of(xo_rank_libc_current())); }
int rand(void) { return (int)random(); }
void srand(unsigned int seed) { srandom(seed); }

char* initstate(unsigned int seed, char* state, size_t size) {
  struct xo_rank_libc* s = xo_rank_libc_current();
  char* previous = (char*)random_of(s)->state - sizeof(int32_t); /* what glibc returns: the old buffer */
  if (initstate_r(seed, state, size, &s->random) != 0) return NULL;
  return previous;
}

char* setstate(char* state) {
  struct xo_rank_libc* s = xo_rank_libc_current();
  char* previous = (char*)random_of(s)->state - sizeof(int32_t);
  if (setstate_r(state, &s->random) != 0) return NULL;
  return previous;
}

static struct drand48_data* drand48_of(void) { return &xo_rank_libc_current()->drand48; }

double drand48(void) {
  double value = 0;
  drand48_r(drand48_of(), &value);
  return value;
}
double erand48(unsigned short xsubi[3]) {
  double value = 0;
  erand48_r(xsubi, drand48_of(), &value);
  return value;
}
long lrand48(void) {
  long value = 0;
  lrand48_r(drand48_of(), &value);
  return value;
}
long nrand48(unsigned short xsubi[3]) {
  long value = 0;
  nrand48_r(xsubi, drand48_of(), &value);
  return value;
}
long mrand48(void) {
  long value = 0;
  mrand48_r(drand48_of(), &value);
  return value;
}
long jrand48(unsigned short xsubi[3]) {
  long value = 0;
  jrand48_r(xsubi, drand48_of(), &value);
  return value;
}
void srand48(long seed) { srand48_r(seed, drand48_of()); }
unsigned short* seed48(unsigned short seed[3]) {
  static __thread unsigned short previous[3]; /* glibc returns its internal copy; ours is per thread */
  struct drand48_data* d = drand48_of();
  memcpy(previous, d->__x, sizeof previous);
  seed48_r(seed, d);
  return previous;
}
void lcong48(unsigned short param[7]) { lcong48_r(param, drand48_of()); }

char* strtok(char* text, const char* delimiters) {
  return strtok_r(text, delimiters, &xo_rank_libc_current()->strtok_next);
}

/* getopt for a copy that has its own getopt variables: libc's getopt reads and writes libc's, so
 * they are copied in before and out after. */
static void getopt_in(const struct xo_rank_libc* s) {
  if (s->copied_optind != NULL) optind = *s->copied_optind;
  if (s->copied_opterr != NULL) opterr = *s->copied_opterr;
}

static void getopt_out(const struct xo_rank_libc* s) {
  if (s->copied_optind != NULL) *s->copied_optind = optind;
  if (s->copied_optopt != NULL) *s->copied_optopt = optopt;
  if (s->copied_optarg != NULL) *s->copied_optarg = optarg;
}

typedef int (*getopt_function)(int, char* const*, const char*);
typedef int (*getopt_long_function)(int, char* const*, const char*, const struct option*, int*);

/* The next definition of `name` after this library's: libc's. */
static void* libc_function(const char* name) { return dlsym(RTLD_NEXT, name); }

int getopt(int argc, char* const argv[], const char* options) {
  static getopt_function libc_getopt;
  if (libc_getopt == NULL) libc_getopt = (getopt_function)libc_function("getopt");
  const struct xo_rank_libc* s = xo_rank_libc_current();
  getopt_in(s);
  const int result = libc_getopt(argc, argv, options);
  getopt_out(s);
  return result;
}

int getopt_long(int argc, char* const argv[], const char* options, const struct option* longopts, int* index) {
  static getopt_long_function libc_getopt_long;
  if (libc_getopt_long == NULL) libc_getopt_long = (getopt_long_function)libc_function("getopt_long");
  const struct xo_rank_libc* s = xo_rank_libc_current();
  getopt_in(s);
  const int result = libc_getopt_long(argc, argv, options, longopts, index);
  getopt_out(s);
  return result;
}

int getopt_long_only(int argc, char* const argv[], const char* options, const struct option* longopts, int* index) {
  static getopt_long_function libc_getopt_long_only;
  if (libc_getopt_long_only == NULL) libc_getopt_long_only = (getopt_long_function)libc_function("getopt_long_only");
  const struct xo_rank_libc* s = xo_rank_libc_current();
  getopt_in(s);
  const int result = libc_getopt_long_only(argc, argv, options, longopts, index);
  getopt_out(s);
  return result;
}

/* exit() inside a rank ends that rank, as it ends one process of a real job; elsewhere, the
 * process. */
void exit(int code) {
  if (xo_exit_rank(code)) __builtin_unreachable();
  void (*libc_exit)(int) = (void (*)(int))libc_function("exit");
  libc_exit(code);
  __builtin_unreachable();
}
