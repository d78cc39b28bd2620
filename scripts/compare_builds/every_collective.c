// Calls every MPI-1 collective, a nonblocking one and a subgroup's, at four sizes: the program
// scripts/compare_builds.sh records on every machine and with forced algorithms.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int len = 1; len <= 4096; len *= 16) {
    double* a = malloc(sizeof(double) * len * n);
    double* b = malloc(sizeof(double) * len * n);
    int* counts = malloc(sizeof(int) * n);
    int* displs = malloc(sizeof(int) * n);
    for (int i = 0; i < len * n; ++i) a[i] = r + i;
    for (int i = 0; i < n; ++i) {
      counts[i] = len;
      displs[i] = i * len;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(a, len, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(a, len, MPI_DOUBLE, b, len, MPI_DOUBLE, 1 % n, MPI_COMM_WORLD);
    MPI_Gatherv(a, len, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatter(a, len, MPI_DOUBLE, b, len, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatterv(a, counts, displs, MPI_DOUBLE, b, len, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgather(a, len, MPI_DOUBLE, b, len, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv(a, len, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(a, len, MPI_DOUBLE, b, len, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoallv(a, counts, displs, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Reduce(a, b, len, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(a, b, len, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Reduce_scatter(a, b, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan(a, b, len, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Request q;
    MPI_Iallreduce(a, b, len, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &half);
    MPI_Barrier(half);
    MPI_Allreduce(a, b, len, MPI_DOUBLE, MPI_SUM, half);
    MPI_Comm_free(&half);
    if (r == 0) printf("len %d: %g %g\n", len, b[0], b[len - 1]);
    free(a);
    free(b);
    free(counts);
    free(displs);
  }
  MPI_Finalize();
  return 0;
}
