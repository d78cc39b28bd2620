/* 2D stencil with the MPI-2/3 toolbox: the same Jacobi heat diffusion as stencil2d (N x N grid,
 * top edge held at 1), on a Cartesian communicator whose shape MPI_Dims_create chooses. Halos
 * travel by MPI_Neighbor_alltoallw on even iterations (one datatype and byte displacement per
 * neighbour) and by persistent requests started with MPI_Startall on odd ones; rank 0 receives
 * every block straight into the global grid through an MPI_Type_create_subarray type.
 * Run: xo run -n 6 ./stencil_topology [N] [iterations] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Splits `n` items over `parts`: the first n % parts get one more. */
static int share(int n, int parts, int index) { return n / parts + (index < n % parts); }
static int offset(int n, int parts, int index) {
  int sum = 0;
  for (int i = 0; i < index; ++i) sum += share(n, parts, i);
  return sum;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 64;
  const int iterations = argc > 2 ? atoi(argv[2]) : 100;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
  MPI_Comm_rank(grid, &rank);
  MPI_Cart_coords(grid, rank, 2, coords);
  const int p = dims[0], q = dims[1], pr = coords[0], pc = coords[1];
  if (n < p || n < q) {
    if (rank == 0) fprintf(stderr, "stencil_topology: a %dx%d grid cannot be split over %dx%d ranks\n", n, n, p, q);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int rows = share(n, p, pr), cols = share(n, q, pc);
  const int w = cols + 2; /* local width with halos */
  double* u = calloc((size_t)(rows + 2) * w, sizeof *u);
  double* v = calloc((size_t)(rows + 2) * w, sizeof *v);
  if (pr == 0)
    for (int j = 0; j < w; ++j) u[j] = v[j] = 1.0; /* the hot top edge */

  /* Neighbour k of the grid: 0 up, 1 down (dimension 0), 2 left, 3 right (dimension 1). */
  int neighbor[4];
  MPI_Cart_shift(grid, 0, 1, &neighbor[0], &neighbor[1]);
  MPI_Cart_shift(grid, 1, 1, &neighbor[2], &neighbor[3]);
  MPI_Datatype row, column;
  MPI_Type_contiguous(cols, MPI_DOUBLE, &row);
  MPI_Type_vector(rows, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&row);
  MPI_Type_commit(&column);
  const MPI_Datatype types[4] = {row, row, column, column};
  const int counts[4] = {1, 1, 1, 1};
  /* Elements sent to and received from neighbour k, counted from the start of the local array. */
  const int send_at[4] = {w + 1, rows * w + 1, w + 1, w + cols};
  const int recv_at[4] = {1, (rows + 1) * w + 1, w, w + cols + 1};
  MPI_Aint sdispls[4], rdispls[4];
  for (int k = 0; k < 4; ++k) {
    sdispls[k] = (MPI_Aint)(send_at[k] * sizeof(double));
    rdispls[k] = (MPI_Aint)(recv_at[k] * sizeof(double));
  }
  /* Persistent halo exchanges, one set per array (u and v swap every iteration). */
  MPI_Request exchange[2][8];
  double* arrays[2] = {u, v};
  for (int a = 0; a < 2; ++a) {
    for (int k = 0; k < 4; ++k) {
      MPI_Recv_init(arrays[a] + recv_at[k], 1, types[k], neighbor[k], k, grid, &exchange[a][k]);
      MPI_Send_init(arrays[a] + send_at[k], 1, types[k], neighbor[k], k ^ 1, grid, &exchange[a][4 + k]);
    }
  }

  double residual = 0;
  for (int it = 0; it < iterations; ++it) {
    if (it % 2 == 0) {
      MPI_Neighbor_alltoallw(u, counts, sdispls, types, u, counts, rdispls, types, grid);
    } else {
      MPI_Request* requests = exchange[u == arrays[0] ? 0 : 1];
      MPI_Startall(8, requests);
      MPI_Waitall(8, requests, MPI_STATUSES_IGNORE);
    }
    double change = 0;
    for (int i = 1; i <= rows; ++i)
      for (int j = 1; j <= cols; ++j) {
        v[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] + u[i * w + j + 1]);
        const double d = v[i * w + j] > u[i * w + j] ? v[i * w + j] - u[i * w + j] : u[i * w + j] - v[i * w + j];
        if (d > change) change = d;
      }
    if ((it + 1) % 10 == 0 || it + 1 == iterations) MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, grid);
    double* t = u;
    u = v;
    v = t;
  }

  /* Rank 0 receives each block into its place in the global grid; the interior goes out as a
   * subarray of the local array (halos left out). */
  const int local_sizes[2] = {rows + 2, w}, local_sub[2] = {rows, cols}, local_start[2] = {1, 1};
  MPI_Datatype interior;
  MPI_Type_create_subarray(2, local_sizes, local_sub, local_start, MPI_ORDER_C, MPI_DOUBLE, &interior);
  MPI_Type_commit(&interior);
  if (rank == 0) {
    double* global = malloc((size_t)n * n * sizeof *global);
    for (int r = 0; r < size; ++r) {
      int c[2];
      MPI_Cart_coords(grid, r, 2, c);
      const int sizes[2] = {n, n}, sub[2] = {share(n, p, c[0]), share(n, q, c[1])};
      const int starts[2] = {offset(n, p, c[0]), offset(n, q, c[1])};
      MPI_Datatype block;
      MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_DOUBLE, &block);
      MPI_Type_commit(&block);
      if (r == 0) {
        MPI_Sendrecv(u, 1, interior, 0, 9, global, 1, block, 0, 9, grid, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(global, 1, block, r, 9, grid, MPI_STATUS_IGNORE);
      }
      MPI_Type_free(&block);
    }
    double checksum = 0;
    for (int i = 0; i < n * n; ++i) checksum += global[i];
    printf("stencil_topology: %dx%d grid, %dx%d ranks, %d iterations, checksum %.10e, residual %.6e\n", n, n, p, q,
           iterations, checksum, residual);
    free(global);
  } else {
    MPI_Send(u, 1, interior, 0, 9, grid);
  }
  for (int a = 0; a < 2; ++a)
    for (int k = 0; k < 8; ++k) MPI_Request_free(&exchange[a][k]);
  MPI_Type_free(&interior);
  MPI_Type_free(&row);
  MPI_Type_free(&column);
  MPI_Comm_free(&grid);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
