/* Ring for bench/vs_smpi: every step each rank MPI_Sendrecv's one double to rank+1 and receives
 * one from rank-1, adding 1 to what it received. After S steps rank r holds ((r - S) mod n) + S;
 * rank 0 prints a checksum (the sum of all ranks' values, gathered in rank order, an exact
 * integer) that does not depend on the MPI library.
 * Run: xo run -n 16 ./ring [steps, default 200] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  const int steps = argc > 1 ? atoi(argv[1]) : 200;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  double value = rank, received = 0;
  for (int step = 0; step < steps; ++step) {
    MPI_Sendrecv(&value, 1, MPI_DOUBLE, next, 0, &received, 1, MPI_DOUBLE, previous, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    value = received + 1.0;
  }
  double* all = rank == 0 ? malloc(sizeof(double) * size) : NULL;
  MPI_Gather(&value, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    double sum = 0;
    for (int r = 0; r < size; ++r) sum += all[r];
    printf("ring: %d ranks, %d steps, checksum %.17g\n", size, steps, sum);
    free(all);
  }
  MPI_Finalize();
  return 0;
}
