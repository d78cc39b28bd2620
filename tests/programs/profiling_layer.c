/* A profiling layer as tools write them (MPI-3.1 chapter 14): the program's own MPI_Send and
 * MPI_Allreduce count the calls and reach the library through PMPI_. The library's own calls
 * (the allreduce's messages) must not reach the layer. */
#include <mpi.h>
#include <stdio.h>

static int sends;
static int allreduces;

int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  ++sends;
  return PMPI_Send(buf, count, datatype, dest, tag, comm);
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  ++allreduces;
  return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int token = rank, sum = 0;
  if (rank > 0) MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int i = 1; i < size; ++i) MPI_Recv(&token, 1, MPI_INT, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  PMPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d: sends %d allreduces %d sum %d\n", rank, sends, allreduces, sum);
  MPI_Finalize();
  return 0;
}
