/* The miniature suite's support code: MTest_Init and MTest_Finalize as the conformance script's
 * report expects them to behave (one " No Errors" line from rank 0 on success). */
#include <stdio.h>

#include "mpitest.h"

void MTest_Init(int* argc, char*** argv) { MPI_Init(argc, argv); }

void MTest_Finalize(int errors) {
  int rank = 0, total = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&errors, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    if (total == 0) {
      printf(" No Errors\n");
    } else {
      printf(" Found %d errors\n", total);
    }
    fflush(stdout);
  }
}
