/* Thread-locals of a rank's copy on two threads: the rank's main thread and a thread it starts
 * each see a variable of their own, starting from its initial value, as in separate processes. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

_Thread_local int value = 7;

static void* worker(void* rank) {
  const int seen = value;
  value = 1000 + *(int*)rank;
  return (void*)(long)seen;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = rank;
  pthread_t thread;
  void* seen = NULL;
  pthread_create(&thread, NULL, worker, &rank);
  pthread_join(thread, &seen);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d: main thread %d, other thread saw %ld\n", rank, value, (long)seen);
  MPI_Finalize();
  return 0;
}
