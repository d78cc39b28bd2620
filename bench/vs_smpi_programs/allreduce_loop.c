/* Allreduce loop for bench/vs_smpi: each iteration an MPI_Allreduce (MPI_SUM) of one double, and an
 * MPI_Barrier every 10 iterations. Every contribution is a small integer, so each sum is exact
 * whatever order the library adds in; rank 0 prints the total of the results as a checksum.
 * Run: xo run -n 16 ./allreduce_loop [iterations, default 200] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  const int iterations = argc > 1 ? atoi(argv[1]) : 200;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double total = 0;
  for (int i = 0; i < iterations; ++i) {
    const double mine = (rank + i) % 7;
    double result = 0;
    MPI_Allreduce(&mine, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += result;
    if (i % 10 == 9) MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("allreduce_loop: %d ranks, %d iterations, checksum %.17g\n", size, iterations, total);
  MPI_Finalize();
  return 0;
}
