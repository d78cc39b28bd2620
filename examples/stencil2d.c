/* 2D stencil: Jacobi heat diffusion on an N x N grid (top edge held at 1, the others at 0),
 * decomposed over a P x Q grid of ranks. Each iteration exchanges halos with nonblocking
 * sends and receives; columns travel as an MPI_Type_vector. Every 10 iterations an MPI_Allreduce
 * finds the largest change anywhere (the residual). Rank 0 gathers the grid and prints a checksum
 * and the last residual, neither of which depends on the decomposition.
 * Run: xo run -n 4 ./stencil2d [N] [iterations] */
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
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int p = 1; /* process rows: the largest factor of size not above its square root */
  for (int f = 1; f * f <= size; ++f)
    if (size % f == 0) p = f;
  const int q = size / p;
  const int pr = rank / q, pc = rank % q;
  if (n < p || n < q) {
    if (rank == 0) fprintf(stderr, "stencil2d: a %dx%d grid cannot be split over %dx%d ranks\n", n, n, p, q);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int rows = share(n, p, pr), cols = share(n, q, pc);
  const int w = cols + 2; /* local width with halos */
  double* u = calloc((size_t)(rows + 2) * w, sizeof *u);
  double* v = calloc((size_t)(rows + 2) * w, sizeof *v);
  if (pr == 0)
    for (int j = 0; j < w; ++j) u[j] = v[j] = 1.0; /* the hot top edge */

  const int up = pr > 0 ? rank - q : MPI_PROC_NULL, down = pr < p - 1 ? rank + q : MPI_PROC_NULL;
  const int left = pc > 0 ? rank - 1 : MPI_PROC_NULL, right = pc < q - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Datatype column;
  MPI_Type_vector(rows, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  double residual = 0;
  for (int it = 0; it < iterations; ++it) {
    MPI_Request requests[8];
    MPI_Irecv(&u[1], cols, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&u[(rows + 1) * w + 1], cols, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &requests[1]);
    MPI_Irecv(&u[w], 1, column, left, 2, MPI_COMM_WORLD, &requests[2]);
    MPI_Irecv(&u[w + cols + 1], 1, column, right, 3, MPI_COMM_WORLD, &requests[3]);
    MPI_Isend(&u[w + 1], cols, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &requests[4]);
    MPI_Isend(&u[rows * w + 1], cols, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &requests[5]);
    MPI_Isend(&u[w + 1], 1, column, left, 3, MPI_COMM_WORLD, &requests[6]);
    MPI_Isend(&u[w + cols], 1, column, right, 2, MPI_COMM_WORLD, &requests[7]);
    MPI_Waitall(8, requests, MPI_STATUSES_IGNORE);
    double change = 0;
    for (int i = 1; i <= rows; ++i)
      for (int j = 1; j <= cols; ++j) {
        v[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] + u[i * w + j + 1]);
        const double d = v[i * w + j] > u[i * w + j] ? v[i * w + j] - u[i * w + j] : u[i * w + j] - v[i * w + j];
        if (d > change) change = d;
      }
    if ((it + 1) % 10 == 0 || it + 1 == iterations)
      MPI_Allreduce(&change, &residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double* t = u;
    u = v;
    v = t;
  }

  /* Gather the interior to rank 0 and sum it in global row-major order. */
  double* block = malloc((size_t)rows * cols * sizeof *block);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) block[i * cols + j] = u[(i + 1) * w + j + 1];
  if (rank == 0) {
    double* grid = malloc((size_t)n * n * sizeof *grid);
    for (int r = 0; r < size; ++r) {
      const int rr = r / q, rc = r % q;
      const int br = share(n, p, rr), bc = share(n, q, rc), r0 = offset(n, p, rr), c0 = offset(n, q, rc);
      double* part = r == 0 ? block : malloc((size_t)br * bc * sizeof *part);
      if (r != 0) MPI_Recv(part, br * bc, MPI_DOUBLE, r, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (int i = 0; i < br; ++i)
        for (int j = 0; j < bc; ++j) grid[(r0 + i) * n + c0 + j] = part[i * bc + j];
      if (r != 0) free(part);
    }
    double checksum = 0;
    for (int i = 0; i < n * n; ++i) checksum += grid[i];
    printf("stencil: %dx%d grid, %dx%d ranks, %d iterations, checksum %.10e, residual %.6e\n", n, n, p, q, iterations,
           checksum, residual);
    free(grid);
  } else {
    MPI_Send(block, rows * cols, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD);
  }
  free(block);
  free(u);
  free(v);
  MPI_Type_free(&column);
  MPI_Finalize();
  return 0;
}
