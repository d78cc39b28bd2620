/* The program bench/privatization_cost runs: 1 MiB of zero-initialised globals and 64 KiB of
 * initialised ones, of which each rank writes one page, then a ring exchange of its rank. With
 * "pingpong N" ranks 0 and 1 exchange N one-byte messages instead (every message is a switch). */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static double zeroed[131072];        /* 1 MiB */
static int initialised[16384] = {1}; /* 64 KiB */

int main(int argc, char** argv) {
  int rank = 0, size = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  zeroed[rank % 131072] = rank;
  initialised[1] = rank;
  if (argc > 2 && strcmp(argv[1], "pingpong") == 0) {
    const long n = atol(argv[2]);
    char byte = 0;
    for (long i = 0; i < n && size >= 2 && rank < 2; ++i) {
      if (rank == 0) {
        MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
  } else {
    int token = 0;
    MPI_Sendrecv(&rank, 1, MPI_INT, (rank + 1) % size, 0, &token, 1, MPI_INT, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    zeroed[rank % 131072] += token; /* shared under --privatize=off: no check, it only costs the same */
  }
  MPI_Finalize();
  return 0;
}
