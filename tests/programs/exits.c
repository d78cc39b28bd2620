/* Ranks that end early: with "exit" rank 1 calls exit(3) after MPI_Finalize; with "return" rank 1
 * returns from main without MPI_Finalize. The other ranks go on and print. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void goodbye(void) { printf("atexit handler of a rank\n"); }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  atexit(goodbye);
  if (rank == 1 && argc > 1 && strcmp(argv[1], "exit") == 0) {
    MPI_Finalize();
    exit(3);
  }
  if (rank == 1 && argc > 1 && strcmp(argv[1], "return") == 0) return 0;
  printf("rank %d finishes\n", rank);
  MPI_Finalize();
  return 0;
}
