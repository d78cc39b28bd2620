#pragma once
// The MPI programs the simulation benchmarks run: an 8-byte ping-pong between ranks 0 and 1 and a
// ring of MPI_Sendrecv calls over every rank, each g_iterations times.

#include <mpi.h>

namespace xo::bench {

// Iterations of the programs below (a global: programs get no context but argv).
inline int g_iterations = 0;

inline int pingpong_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char buffer[8] = {};
  for (int i = 0; i < g_iterations; ++i) {
    if (rank == 0) {
      MPI_Send(buffer, 8, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(buffer, 8, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buffer, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buffer, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}

// `iterations` steps of the ring: each rank sends to the next and receives from the previous.
inline void sendrecv_ring(int iterations) {
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double out = rank;
  double in = 0;
  for (int i = 0; i < iterations; ++i) {
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, (rank + 1) % size, 0, &in, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    out = in;
  }
}

inline int ring_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  sendrecv_ring(g_iterations);
  MPI_Finalize();
  return 0;
}

}  // namespace xo::bench
