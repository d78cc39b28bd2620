/* A small job for the PMPI tracer's tests, built with the system's own mpicc: a ring of blocking
   sends, a ring of nonblocking ones with MPI_Waitall, an MPI_Sendrecv, a ring completed with
   MPI_Waitany and MPI_Waitsome, collectives (v-collectives and a scan too) on MPI_COMM_WORLD and on
   a split communicator. Standard MPI only. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  static char out[65536], in[65536];
  memset(out, rank, sizeof out);
  for (int bytes = 8; bytes <= 65536; bytes *= 8) {
    if (rank % 2 == 0) {
      MPI_Send(out, bytes, MPI_BYTE, next, 1, MPI_COMM_WORLD);
      MPI_Recv(in, bytes, MPI_BYTE, previous, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(in, bytes, MPI_BYTE, previous, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(out, bytes, MPI_BYTE, next, 1, MPI_COMM_WORLD);
    }
    MPI_Request requests[2];
    MPI_Irecv(in, bytes, MPI_BYTE, previous, 2, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(out, bytes, MPI_BYTE, next, 2, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  }
  MPI_Sendrecv(out, 100, MPI_BYTE, next, 3, in, 100, MPI_BYTE, previous, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  { /* a ring completed one request at a time */
    MPI_Request requests[2];
    int index = 0, flag = 0;
    MPI_Irecv(in, 200, MPI_BYTE, previous, 4, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(out, 200, MPI_BYTE, next, 4, MPI_COMM_WORLD, &requests[1]);
    MPI_Iprobe(MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    MPI_Waitany(2, requests, &index, MPI_STATUS_IGNORE);
    int done = 0, indices[2];
    while (done != MPI_UNDEFINED) MPI_Waitsome(2, requests, &done, indices, MPI_STATUSES_IGNORE);
  }
  { /* the v-collectives and a prefix reduction */
    int counts[64], displacements[64];
    for (int i = 0; i < size && i < 64; ++i) counts[i] = 4, displacements[i] = 4 * i;
    MPI_Alltoallv(out, counts, displacements, MPI_BYTE, in, counts, displacements, MPI_BYTE, MPI_COMM_WORLD);
    MPI_Gatherv(out, 4, MPI_BYTE, in, counts, displacements, MPI_BYTE, 0, MPI_COMM_WORLD);
    int mine = rank, prefix = 0;
    MPI_Scan(&mine, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  { /* a persistent ring, started twice */
    MPI_Request requests[2];
    MPI_Recv_init(in, 300, MPI_BYTE, previous, 5, MPI_COMM_WORLD, &requests[0]);
    MPI_Send_init(out, 300, MPI_BYTE, next, 5, MPI_COMM_WORLD, &requests[1]);
    for (int round = 0; round < 2; ++round) {
      MPI_Startall(2, requests);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    }
    MPI_Request_free(&requests[0]);
    MPI_Request_free(&requests[1]);
  }
  { /* nonblocking collectives, completed by MPI_Wait and MPI_Waitall */
    MPI_Request requests[2];
    double mine = rank, total = 0;
    MPI_Iallreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &requests[0]);
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
    MPI_Ibarrier(MPI_COMM_WORLD, &requests[0]);
    MPI_Ibcast(&total, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  }
  double value = rank, sum = 0;
  MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Bcast(&sum, 1, MPI_DOUBLE, 0, half);
  MPI_Barrier(half);
  MPI_Comm_free(&half);
  if (rank == 0) printf("sum %g\n", sum);
  MPI_Finalize();
  return 0;
}
