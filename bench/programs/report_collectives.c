/* The collective traffic of a report benchmark: rounds of MPI_Alltoall of `bytes` per rank,
 * MPI_Reduce of as many bytes of ints and MPI_Barrier.  report_collectives [bytes] [rounds] */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int ranks = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int bytes = argc > 1 ? atoi(argv[1]) : 2048;
  const int rounds = argc > 2 ? atoi(argv[2]) : 20;
  char* out = calloc((size_t)bytes * (size_t)ranks, 1);
  char* in = calloc((size_t)bytes * (size_t)ranks, 1);
  for (int r = 0; r < rounds; ++r) {
    MPI_Alltoall(out, bytes, MPI_BYTE, in, bytes, MPI_BYTE, MPI_COMM_WORLD);
    MPI_Reduce(out, in, bytes / 4, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
