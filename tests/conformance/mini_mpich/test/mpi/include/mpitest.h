/* A stand-in for MPICH's test/mpi/include/mpitest.h, written for Crossover's conformance test:
 * the few MTest calls the miniature suite uses, with the same names and signatures, so that
 * scripts/conformance.sh builds it as it builds the real suite. */
#ifndef MINI_MPITEST_H
#define MINI_MPITEST_H

#include <mpi.h>

#include "mpitestconf.h" /* written by the script, as MPICH's configure would */

void MTest_Init(int* argc, char*** argv);
/* Prints " No Errors" on rank 0 when no rank counted an error, else the total. */
void MTest_Finalize(int errors);

#endif
