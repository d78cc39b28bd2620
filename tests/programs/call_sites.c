/* MPI calls at known lines (marked SITE), one of them in a helper function, for the call-site
   tests: each rank's copy of the program must resolve to the same sites. */
#include <mpi.h>

static void halo(int rank, int size, double* values) {
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  MPI_Sendrecv_replace(values, 8, MPI_DOUBLE, next, 0, previous, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* SITE halo */
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double values[8] = {0}, sum = 0;
  for (int step = 0; step < 3; ++step) {
    values[0] = rank + step;
    halo(rank, size, values);
    MPI_Allreduce(&values[0], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); /* SITE allreduce */
  }
  MPI_Finalize();
  return sum < 0;
}
