/* Ping-pong between ranks 0 and 1 over sizes that cross the XT3's protocol switches (vshort up to
 * 1 KiB, short up to 128,000 B, long-pull above), ten round trips a size. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int largest = 1 << 18;
  char* buffer = calloc(largest, 1);
  long checksum = 0;
  for (int bytes = 8; bytes <= largest; bytes *= 4) {
    for (int i = 0; i < 10; ++i) {
      if (rank == 0) {
        buffer[0] = (char)i;
        MPI_Send(buffer, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buffer, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        checksum += buffer[0];
      } else if (rank == 1) {
        MPI_Recv(buffer, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        buffer[0] += 1;
        MPI_Send(buffer, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
    }
  }
  if (rank == 0) printf("pingpong: checksum %ld\n", checksum);
  free(buffer);
  MPI_Finalize();
  return 0;
}
