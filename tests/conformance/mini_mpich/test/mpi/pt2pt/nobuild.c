/* Does not build: it calls an MPI function no MPI has, which the report must list as missing. */
#include "mpitest.h"

int MPI_Conformance_missing(MPI_Comm comm);

int main(int argc, char** argv) {
  MTest_Init(&argc, &argv);
  MTest_Finalize(MPI_Conformance_missing(MPI_COMM_WORLD));
  MPI_Finalize();
  return 0;
}
