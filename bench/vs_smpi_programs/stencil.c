/* Stencil for bench/vs_smpi: a 2-D 5-point Jacobi sweep on a Cartesian grid of ranks
 * (MPI_Dims_create, MPI_Cart_create without reordering and without periods). Each rank owns a
 * 64 x 64 block of doubles plus a one-cell halo; every iteration it posts MPI_Irecv and MPI_Isend
 * for the four halos (rows straight from the block, columns packed), MPI_Waitall's them, then
 * replaces each cell by the mean of its four neighbours (the halo of the grid's outer edge stays
 * 0). Rank 0 gathers each rank's block sum and adds them in rank order: a checksum that does not
 * depend on the MPI library.
 * Run: xo run -n 16 ./stencil [iterations, default 100] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { B = 64, W = B + 2 }; /* block side, and the row length with the halo */
#define AT(a, i, j) ((a)[(i)*W + (j)])

int main(int argc, char** argv) {
  int size, rank, dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
  MPI_Comm grid;
  MPI_Init(&argc, &argv);
  const int iterations = argc > 1 ? atoi(argv[1]) : 100;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &rank);
  MPI_Cart_coords(grid, rank, 2, coords);
  int north, south, west, east;
  MPI_Cart_shift(grid, 0, 1, &north, &south);
  MPI_Cart_shift(grid, 1, 1, &west, &east);

  double* u = calloc(W * W, sizeof(double));
  double* next = calloc(W * W, sizeof(double));
  double send_west[B], send_east[B], recv_west[B], recv_east[B];
  for (int i = 1; i <= B; ++i)
    for (int j = 1; j <= B; ++j) {
      const long gi = (long)coords[0] * B + i, gj = (long)coords[1] * B + j;
      AT(u, i, j) = (double)((gi * 7 + gj * 13) % 17) / 16.0;
    }

  for (int it = 0; it < iterations; ++it) {
    MPI_Request requests[8];
    for (int i = 0; i < B; ++i) {
      send_west[i] = AT(u, i + 1, 1);
      send_east[i] = AT(u, i + 1, B);
    }
    MPI_Irecv(&AT(u, 0, 1), B, MPI_DOUBLE, north, 0, grid, &requests[0]);
    MPI_Irecv(&AT(u, B + 1, 1), B, MPI_DOUBLE, south, 1, grid, &requests[1]);
    MPI_Irecv(recv_west, B, MPI_DOUBLE, west, 2, grid, &requests[2]);
    MPI_Irecv(recv_east, B, MPI_DOUBLE, east, 3, grid, &requests[3]);
    MPI_Isend(&AT(u, 1, 1), B, MPI_DOUBLE, north, 1, grid, &requests[4]);
    MPI_Isend(&AT(u, B, 1), B, MPI_DOUBLE, south, 0, grid, &requests[5]);
    MPI_Isend(send_west, B, MPI_DOUBLE, west, 3, grid, &requests[6]);
    MPI_Isend(send_east, B, MPI_DOUBLE, east, 2, grid, &requests[7]);
    MPI_Waitall(8, requests, MPI_STATUSES_IGNORE);
    if (west != MPI_PROC_NULL)
      for (int i = 0; i < B; ++i) AT(u, i + 1, 0) = recv_west[i];
    if (east != MPI_PROC_NULL)
      for (int i = 0; i < B; ++i) AT(u, i + 1, B + 1) = recv_east[i];

    for (int i = 1; i <= B; ++i)
      for (int j = 1; j <= B; ++j)
        AT(next, i, j) = 0.25 * (AT(u, i - 1, j) + AT(u, i + 1, j) + AT(u, i, j - 1) + AT(u, i, j + 1));
    double* swap = u;
    u = next;
    next = swap;
  }

  double local = 0;
  for (int i = 1; i <= B; ++i)
    for (int j = 1; j <= B; ++j) local += AT(u, i, j);
  double* sums = rank == 0 ? malloc(sizeof(double) * size) : NULL;
  MPI_Gather(&local, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, grid);
  if (rank == 0) {
    double total = 0;
    for (int r = 0; r < size; ++r) total += sums[r];
    printf("stencil: %d ranks (%d x %d), %d iterations, checksum %.17g\n", size, dims[0], dims[1], iterations, total);
    free(sums);
  }
  free(u);
  free(next);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
