#pragma once
// Buffered sends as MPI_Ibsend starts them, shared with a persistent MPI_Bsend_init's MPI_Start.

#include <mpi.h>

#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/request.hpp"

namespace xo::mpi {

// Copies the message into the attached buffer and starts its transfer from there. Returns the
// program's request, complete at once and traced as an MpiIsend. Throws MpiError(MPI_ERR_BUFFER)
// when no buffer is attached or it lacks room.
Request* post_buffered_isend(const char* call, const void* buf, int count, DatatypeRef type, int dest, int tag,
                             MPI_Comm comm);

}  // namespace xo::mpi
