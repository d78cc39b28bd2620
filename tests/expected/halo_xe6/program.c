/* A one-dimensional halo exchange with MPI_Isend/MPI_Irecv and MPI_Waitall on a ring of ranks,
 * halos of 64 B to 64 KiB, across the XE6's Gemini protocols (E0, E1 and the rendezvous). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int left = (rank + size - 1) % size, right = (rank + 1) % size;
  const int largest = 1 << 16;
  char* out = malloc(2 * largest);
  char* in = malloc(2 * largest);
  long sum = 0;
  for (int bytes = 64; bytes <= largest; bytes *= 8) {
    for (int step = 0; step < 5; ++step) {
      out[0] = (char)rank;
      out[largest] = (char)rank;
      MPI_Request requests[4];
      MPI_Irecv(in, bytes, MPI_BYTE, left, 1, MPI_COMM_WORLD, &requests[0]);
      MPI_Irecv(in + largest, bytes, MPI_BYTE, right, 2, MPI_COMM_WORLD, &requests[1]);
      MPI_Isend(out, bytes, MPI_BYTE, right, 1, MPI_COMM_WORLD, &requests[2]);
      MPI_Isend(out + largest, bytes, MPI_BYTE, left, 2, MPI_COMM_WORLD, &requests[3]);
      MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
      sum += in[0] + in[largest];
    }
  }
  long total = 0;
  MPI_Reduce(&sum, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("halo: %d ranks, total %ld\n", size, total);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
