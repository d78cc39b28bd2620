/* Ring: a token travels around all ranks for a number of laps; every rank adds its rank to it.
 * Rank 0 prints the final sum, laps * n(n-1)/2. Run: xo run -n 8 ./ring [laps] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  int rank, size;
  const int laps = argc > 1 ? atoi(argv[1]) : 3;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  long token = 0;
  for (int lap = 0; lap < laps; ++lap) {
    if (rank == 0) {
      MPI_Send(&token, 1, MPI_LONG, next, lap, MPI_COMM_WORLD);
      MPI_Recv(&token, 1, MPI_LONG, previous, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_LONG, previous, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      token += rank;
      MPI_Send(&token, 1, MPI_LONG, next, lap, MPI_COMM_WORLD);
    }
  }
  if (rank == 0)
    printf("ring: %d ranks, %d laps, token sum %ld, %.3f us per hop\n", size, laps, token,
           MPI_Wtime() * 1e6 / (laps * (double)size));
  MPI_Finalize();
  return 0;
}
