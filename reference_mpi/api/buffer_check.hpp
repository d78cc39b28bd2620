#pragma once
// The one check of a user buffer the library can make: a null buffer that a call would read or
// write. MPI_BOTTOM is NULL too, and legitimate with a datatype built from absolute addresses
// (MPI_Get_address), whose data starts at a non-zero displacement; so only a datatype whose data
// starts at displacement 0 (every basic type does) makes NULL an error.

#include <cstdint>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

// Throws MpiError(MPI_ERR_BUFFER) naming `what` ("buf", "recvbuf") if `buffer` is null while
// `count` instances of `type` have data that would start at it.
void require_buffer(const void* buffer, std::int64_t count, const Datatype& type, const char* what);

}  // namespace xo::mpi
