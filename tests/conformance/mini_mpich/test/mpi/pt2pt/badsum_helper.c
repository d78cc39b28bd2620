/* A second source of badsum (Makefile.am: badsum_SOURCES), as some MPICH tests have. */
#include "badsum_helper.h"

int wrong_answer(void) { return 41; }
