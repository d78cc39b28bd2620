/* One-sided communication on the system's MPI, for xo record --mpi: on 2 ranks, a window of 64
 * ints, a fence epoch in which each rank puts into and gets from the other, a passive-target epoch
 * in which each accumulates into rank 0 and fetch-and-adds a counter there, then the window freed.
 * Prints "one-sided ok" when every value arrived. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* base = NULL;
  MPI_Win win;
  MPI_Win_allocate(64 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 64; ++i) base[i] = 0;
  const int other = (rank + 1) % size;
  int mine = rank + 1, got = -1;
  MPI_Win_fence(0, win);
  MPI_Put(&mine, 1, MPI_INT, other, rank, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  MPI_Get(&got, 1, MPI_INT, other, rank, 1, MPI_INT, win); /* back what this rank put there */
  MPI_Win_fence(0, win);
  int one = 1, before = -1;
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  MPI_Accumulate(&one, 1, MPI_INT, 0, 32, 1, MPI_INT, MPI_SUM, win);
  MPI_Fetch_and_op(&one, &before, MPI_INT, 0, 33, MPI_SUM, win);
  MPI_Win_unlock(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  int ok = got == rank + 1;
  if (rank == 0) ok = ok && base[32] == size && base[33] == size;
  MPI_Win_free(&win);
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0) printf(all ? "one-sided ok\n" : "one-sided WRONG\n");
  MPI_Finalize();
  return 0;
}
