/* Fails on purpose: every rank counts one error, and the program exits with status 1. Its
 * second testlist line (resultTest=TestStatus) expects exactly that non-zero status. */
#include "badsum_helper.h"
#include "mpitest.h"

int main(int argc, char** argv) {
  MTest_Init(&argc, &argv);
  MTest_Finalize(wrong_answer() != 42);
  MPI_Finalize();
  return 1;
}
