/* 2D stencil with one-sided halo exchange: the Jacobi heat diffusion of stencil2d (N x N grid, top
 * edge held at 1, split over a P x Q grid of ranks), where each rank puts its edge rows and columns
 * straight into its neighbours' ghost cells with MPI_Put. The grid and its copy are two windows,
 * used in turn. The synchronisation is the first argument:
 *   fence  MPI_Win_fence before and after the puts (active target, every rank at once)
 *   pscw   MPI_Win_post/start/complete/wait with the neighbours only (active target, generalised)
 *   lock   MPI_Win_lock/unlock of each neighbour (passive target), barriers to tell them
 * Rank 0 prints the grid's checksum (an MPI_Reduce of the ranks' sums), which does not depend on the
 * decomposition or the synchronisation.
 * Run: xo run -n 4 ./stencil_rma [fence|pscw|lock] [N] [iterations] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Splits `n` items over `parts`: the first n % parts get one more. */
static int share(int n, int parts, int index) { return n / parts + (index < n % parts); }

enum Mode { FENCE, PSCW, LOCK };

/* Where a neighbour's halo exchange puts this rank's edge: the displacement (in doubles) and the
 * target's type for it, both in the neighbour's local layout. */
struct Edge {
  int rank;
  MPI_Aint disp;
  MPI_Datatype target;
  int from; /* the edge's first element in this rank's grid */
  MPI_Datatype origin;
};

int main(int argc, char** argv) {
  const char* mode_name = argc > 1 ? argv[1] : "fence";
  const int n = argc > 2 ? atoi(argv[2]) : 64;
  const int iterations = argc > 3 ? atoi(argv[3]) : 100;
  const enum Mode mode = strcmp(mode_name, "pscw") == 0 ? PSCW : strcmp(mode_name, "lock") == 0 ? LOCK : FENCE;
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (strcmp(mode_name, "fence") != 0 && mode == FENCE) {
    if (rank == 0) fprintf(stderr, "stencil_rma: unknown mode '%s'; use fence, pscw or lock\n", mode_name);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  int p = 1; /* process rows: the largest factor of size not above its square root */
  for (int f = 1; f * f <= size; ++f)
    if (size % f == 0) p = f;
  const int q = size / p, pr = rank / q, pc = rank % q;
  if (n < p || n < q) {
    if (rank == 0) fprintf(stderr, "stencil_rma: a %dx%d grid cannot be split over %dx%d ranks\n", n, n, p, q);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int rows = share(n, p, pr), cols = share(n, q, pc), w = cols + 2;
  double* grid[2];
  MPI_Win win[2];
  for (int g = 0; g < 2; ++g) {
    MPI_Win_allocate((MPI_Aint)((rows + 2) * w * sizeof(double)), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD,
                     &grid[g], &win[g]);
    if (pr == 0)
      for (int j = 0; j < w; ++j) grid[g][j] = 1.0; /* the hot top edge */
  }

  /* Up to four neighbours; a column travels as a vector in the origin's and the target's layout. */
  struct Edge edges[4];
  int count = 0;
  MPI_Datatype row, column, left_column, right_column;
  MPI_Type_contiguous(cols, MPI_DOUBLE, &row);
  MPI_Type_vector(rows, 1, w, MPI_DOUBLE, &column);
  const int left_w = pc > 0 ? share(n, q, pc - 1) + 2 : w, right_w = pc < q - 1 ? share(n, q, pc + 1) + 2 : w;
  MPI_Type_vector(rows, 1, left_w, MPI_DOUBLE, &left_column);
  MPI_Type_vector(rows, 1, right_w, MPI_DOUBLE, &right_column);
  MPI_Datatype types[] = {row, column, left_column, right_column};
  for (int t = 0; t < 4; ++t) MPI_Type_commit(&types[t]);
  row = types[0], column = types[1], left_column = types[2], right_column = types[3];
  if (pr > 0) /* my first row into the bottom ghost row of the rank above */
    edges[count++] = (struct Edge){rank - q, (MPI_Aint)(share(n, p, pr - 1) + 1) * w + 1, row, w + 1, row};
  if (pr < p - 1) /* my last row into the top ghost row of the rank below */
    edges[count++] = (struct Edge){rank + q, 1, row, rows * w + 1, row};
  if (pc > 0) /* my first column into the right ghost column of the rank to the left */
    edges[count++] = (struct Edge){rank - 1, left_w + left_w - 1, left_column, w + 1, column};
  if (pc < q - 1) /* my last column into the left ghost column of the rank to the right */
    edges[count++] = (struct Edge){rank + 1, right_w, right_column, w + cols, column};

  MPI_Group world, neighbours;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[4];
  for (int e = 0; e < count; ++e) ranks[e] = edges[e].rank;
  MPI_Group_incl(world, count, ranks, &neighbours);

  for (int it = 0; it < iterations; ++it) {
    double *u = grid[it % 2], *v = grid[(it + 1) % 2];
    MPI_Win halo = win[it % 2];
    if (mode == FENCE) MPI_Win_fence(MPI_MODE_NOPRECEDE, halo);
    if (mode == PSCW) {
      MPI_Win_post(neighbours, 0, halo);
      MPI_Win_start(neighbours, 0, halo);
    }
    if (mode == LOCK) MPI_Barrier(MPI_COMM_WORLD); /* the neighbours are done reading their ghosts */
    for (int e = 0; e < count; ++e) {
      if (mode == LOCK) MPI_Win_lock(MPI_LOCK_SHARED, edges[e].rank, 0, halo);
      MPI_Put(&u[edges[e].from], 1, edges[e].origin, edges[e].rank, edges[e].disp, 1, edges[e].target, halo);
      if (mode == LOCK) MPI_Win_unlock(edges[e].rank, halo);
    }
    if (mode == FENCE) MPI_Win_fence(MPI_MODE_NOSUCCEED, halo);
    if (mode == PSCW) {
      MPI_Win_complete(halo);
      MPI_Win_wait(halo);
    }
    if (mode == LOCK) MPI_Barrier(MPI_COMM_WORLD); /* every put of this iteration is in place */
    for (int i = 1; i <= rows; ++i)
      for (int j = 1; j <= cols; ++j)
        v[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] + u[i * w + j + 1]);
  }

  const double* u = grid[iterations % 2];
  double sum = 0, checksum = 0;
  for (int i = 1; i <= rows; ++i)
    for (int j = 1; j <= cols; ++j) sum += u[i * w + j];
  MPI_Reduce(&sum, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("stencil_rma: %dx%d grid, %d iterations, %dx%d ranks, %s, checksum %.12e\n", n, n, iterations, p, q,
           mode_name, checksum);

  MPI_Group_free(&neighbours);
  MPI_Group_free(&world);
  for (int t = 0; t < 4; ++t) MPI_Type_free(&types[t]);
  MPI_Win_free(&win[0]);
  MPI_Win_free(&win[1]);
  MPI_Finalize();
  return 0;
}
