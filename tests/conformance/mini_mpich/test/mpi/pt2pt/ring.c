/* Passes: a token goes around the ring -rounds=N times (arg=). When RING_EXPECT_ROUNDS is set
 * (env=), a different -rounds counts as an error: the line proves both reach the program. */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  int rank, size, rounds = 1, errors = 0;
  MTest_Init(&argc, &argv);
  for (int i = 1; i < argc; ++i) {
    if (strncmp(argv[i], "-rounds=", 8) == 0) rounds = atoi(argv[i] + 8);
  }
  const char* expected = getenv("RING_EXPECT_ROUNDS");
  if (expected != NULL && atoi(expected) != rounds) ++errors;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int r = 0; r < rounds; ++r) {
    int token = rank == 0 ? r : -1;
    if (rank == 0) {
      MPI_Send(&token, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD);
      MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    }
    if (token != r) ++errors;
  }
  MTest_Finalize(errors);
  MPI_Finalize();
  return 0;
}
