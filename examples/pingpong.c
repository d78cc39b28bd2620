/* Ping-pong: ranks 0 and 1 bounce messages of growing size; rank 0 prints the half round-trip
 * time and bandwidth per size. On the loggp machine the table shows the eager protocol up to the
 * eager limit and the rendezvous handshake above it. Run: xo run -n 2 ./pingpong [repetitions] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  static const int sizes[] = {0, 8, 64, 512, 4096, 8192, 16384, 32768, 262144, 1048576};
  const int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
  int rank, size, repetitions = argc > 1 ? atoi(argv[1]) : 10;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    if (rank == 0) fprintf(stderr, "pingpong: needs exactly 2 ranks (xo run -n 2 ./pingpong), got %d\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (repetitions < 1) repetitions = 1;
  char* buffer = malloc(sizes[nsizes - 1]);
  if (rank == 0) printf("%8s %14s %12s\n", "bytes", "half-RTT us", "MB/s");
  for (int s = 0; s < nsizes; ++s) {
    const int bytes = sizes[s];
    const double start = MPI_Wtime();
    for (int r = 0; r < repetitions; ++r) {
      if (rank == 0) {
        MPI_Send(buffer, bytes, MPI_CHAR, 1, s, MPI_COMM_WORLD);
        MPI_Recv(buffer, bytes, MPI_CHAR, 1, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buffer, bytes, MPI_CHAR, 0, s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buffer, bytes, MPI_CHAR, 0, s, MPI_COMM_WORLD);
      }
    }
    const double half = (MPI_Wtime() - start) / (2.0 * repetitions);
    if (rank == 0) printf("%8d %14.3f %12.2f\n", bytes, half * 1e6, half > 0 ? bytes / half / 1e6 : 0.0);
  }
  free(buffer);
  MPI_Finalize();
  return 0;
}
