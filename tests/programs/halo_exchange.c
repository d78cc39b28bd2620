/* A ring exchange of one message size, for xo report's advice on a real MPI's job: every rank
 * sends SIZE bytes (default 16384) to its right neighbour and receives from its left, 3000 times.
 * Built with the system's own mpicc. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int bytes = argc > 1 ? atoi(argv[1]) : 16384;
  char* out = calloc((size_t)bytes, 1);
  char* in = calloc((size_t)bytes, 1);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  for (int i = 0; i < 3000; ++i) {
    MPI_Sendrecv(out, bytes, MPI_BYTE, right, 0, in, bytes, MPI_BYTE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
