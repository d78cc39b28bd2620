/* Per-rank program state: a global, a function-local static, a thread-local, getopt's variables,
 * rand() and strtok(). Every rank sets them from its rank, lets the others run (a barrier), then
 * prints what it sees: with private copies each rank sees its own values. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int my_rank = -1;
static int calls(void) {
  static int count;
  return ++count;
}
_Thread_local int thread_value = 100;
static char words[64];

int main(int argc, char** argv) {
  int size = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  thread_value += my_rank;
  for (int i = 0; i < my_rank; ++i) calls();
  srand((unsigned)(my_rank + 1));
  const int first_draw = rand();
  snprintf(words, sizeof words, "r%d a b", my_rank);
  char* token = strtok(words, " ");
  int verbose = 0, opt;
  const char* name = "none";
  MPI_Barrier(MPI_COMM_WORLD); /* every rank has run: anything shared is now the last rank's */
  while ((opt = getopt(argc, argv, "vn:")) != -1) {
    if (opt == 'v') ++verbose;
    if (opt == 'n') name = optarg;
    MPI_Barrier(MPI_COMM_WORLD); /* a switch inside the option loop */
  }
  srand((unsigned)(my_rank + 1));
  const int redraw = rand();
  token = strtok(NULL, " ");
  printf("rank %d: my_rank %d calls %d thread %d rand %d %s strtok %s verbose %d name %s optind %d\n", my_rank, my_rank,
         calls(), thread_value, first_draw, first_draw == redraw ? "same" : "differs", token ? token : "(null)",
         verbose, name, optind);
  MPI_Finalize();
  return 0;
}
