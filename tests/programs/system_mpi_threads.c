/* MPI_THREAD_MULTIPLE on the system's MPI, for xo record --mpi: on 2 ranks, a second thread of each
 * rank exchanges 10 messages on a communicator of its own while the main thread exchanges 5 on
 * MPI_COMM_WORLD. The tracer traces the main thread only and counts the other's calls. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static MPI_Comm g_side;
static int g_rank;

static void* side(void* unused) {
  (void)unused;
  int value = g_rank;
  for (int i = 0; i < 10; ++i) {
    if (g_rank == 0) {
      MPI_Send(&value, 1, MPI_INT, 1, 7, g_side);
    } else {
      MPI_Recv(&value, 1, MPI_INT, 0, 7, g_side, MPI_STATUS_IGNORE);
    }
  }
  return NULL;
}

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    printf("no MPI_THREAD_MULTIPLE\n");
    MPI_Finalize();
    return 0;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &g_side);
  pthread_t thread;
  pthread_create(&thread, NULL, side, NULL);
  int value = g_rank;
  for (int i = 0; i < 5; ++i) {
    if (g_rank == 0) {
      MPI_Send(&value, 1, MPI_INT, 1, 3, MPI_COMM_WORLD);
    } else {
      MPI_Recv(&value, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
  pthread_join(thread, NULL);
  MPI_Comm_free(&g_side);
  printf("threads ok\n");
  MPI_Finalize();
  return 0;
}
