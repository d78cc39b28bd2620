/* Master-worker: rank 0 hands out tasks 1..T one at a time and collects results with
 * MPI_ANY_SOURCE, so faster workers get more tasks; a task's result is the sum of squares 1..t.
 * Rank 0 prints the total and how many tasks each worker did. Run: xo run -n 5 ./master_worker [T] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { TAG_TASK = 1, TAG_RESULT = 2, TAG_STOP = 3 };

static long long sum_of_squares(long long t) {
  long long sum = 0;
  for (long long i = 1; i <= t; ++i) sum += i * i;
  return sum;
}

int main(int argc, char** argv) {
  int rank, size;
  const int tasks = argc > 1 ? atoi(argv[1]) : 100;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    fprintf(stderr, "master_worker: needs at least 2 ranks (one master, one worker)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (rank == 0) {
    int* done = calloc((size_t)size, sizeof *done);
    long long total = 0, result;
    int next = 1, outstanding = 0;
    for (int w = 1; w < size && next <= tasks; ++w, ++next, ++outstanding)
      MPI_Send(&next, 1, MPI_INT, w, TAG_TASK, MPI_COMM_WORLD);
    while (outstanding > 0) {
      MPI_Status status;
      MPI_Recv(&result, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &status);
      total += result;
      done[status.MPI_SOURCE]++;
      --outstanding;
      if (next <= tasks) {
        MPI_Send(&next, 1, MPI_INT, status.MPI_SOURCE, TAG_TASK, MPI_COMM_WORLD);
        ++next;
        ++outstanding;
      }
    }
    for (int w = 1; w < size; ++w) MPI_Send(&next, 0, MPI_INT, w, TAG_STOP, MPI_COMM_WORLD);
    printf("master_worker: %d tasks, %d workers, result %lld\n", tasks, size - 1, total);
    for (int w = 1; w < size; ++w) printf("  worker %d did %d tasks\n", w, done[w]);
    free(done);
  } else {
    for (;;) {
      int task;
      MPI_Status status;
      MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      if (status.MPI_TAG == TAG_STOP) break;
      const long long result = sum_of_squares(task);
      MPI_Send(&result, 1, MPI_LONG_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
