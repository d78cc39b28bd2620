/* Allreduce of int vectors of 1 to 64 elements, then barriers, on the whole machine: the AP1000's
 * xy hardware reduction below its switch, a tree above it, and its barrier tree. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int in[64], out[64];
  long total = 0;
  for (int count = 1; count <= 64; count *= 2) {
    for (int i = 0; i < count; ++i) in[i] = rank + i;
    for (int repeat = 0; repeat < 4; ++repeat) MPI_Allreduce(in, out, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    total += out[count - 1];
  }
  for (int i = 0; i < 8; ++i) MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("allreduce: %d ranks, total %ld\n", size, total);
  MPI_Finalize();
  return 0;
}
