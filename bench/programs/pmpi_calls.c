/* For bench/pmpi_cost: one rank exchanging small messages with itself (MPI_Irecv, MPI_Isend,
   MPI_Waitall), then sends to MPI_PROC_NULL, each loop timed with MPI_Wtime. Prints the
   nanoseconds per loop of each. Built with the system's mpicc, run with and without the tracer. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const long loops = argc > 1 ? atol(argv[1]) : 100000;
  char out[8] = {0}, in[8];
  MPI_Request requests[2];
  MPI_Status statuses[2];
  double start = MPI_Wtime();
  for (long i = 0; i < loops; ++i) {
    MPI_Irecv(in, 8, MPI_BYTE, 0, 0, MPI_COMM_SELF, &requests[0]);
    MPI_Isend(out, 8, MPI_BYTE, 0, 0, MPI_COMM_SELF, &requests[1]);
    MPI_Waitall(2, requests, statuses);
  }
  const double exchange = (MPI_Wtime() - start) / (double)loops * 1e9;
  start = MPI_Wtime();
  for (long i = 0; i < loops; ++i) MPI_Send(out, 8, MPI_BYTE, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  const double null_send = (MPI_Wtime() - start) / (double)loops * 1e9;
  printf("%.1f %.1f\n", exchange, null_send);
  MPI_Finalize();
  return 0;
}
