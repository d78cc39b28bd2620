// Canonical packing (MPI-3.1 section 4.3): MPI_Pack_external, MPI_Unpack_external and
// MPI_Pack_external_size in the one representation the standard defines for them, "external32".
// Errors go to MPI_COMM_WORLD's handler, as these calls name no communicator.

#include <cstring>
#include <string>

#include "api_call.hpp"
#include "buffer_check.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/external32.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;

namespace {

void require_external32(const char* datarep) {
  xo::mpi::require_pointer(datarep, "datarep");
  if (std::strcmp(datarep, "external32") != 0) {
    throw MpiError(MPI_ERR_ARG, "data representation \"" + std::string(datarep) +
                                    "\" is not known; the canonical pack calls take only \"external32\"");
  }
}

// Checks that `bytes` fit in a buffer of `capacity` bytes from *position on.
void require_room(const char* call, MPI_Aint* position, std::int64_t bytes, MPI_Aint capacity, const char* what) {
  xo::mpi::require_pointer(position, "position");
  if (*position < 0 || *position + bytes > capacity) {
    throw MpiError(MPI_ERR_TRUNCATE, std::string(call) + " needs " + std::to_string(bytes) + " bytes at position " +
                                         std::to_string(*position) + " but " + what + " holds " +
                                         std::to_string(capacity) + "; size it with MPI_Pack_external_size");
  }
}

}  // namespace

extern "C" {

int MPI_Pack_external(const char datarep[], const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf,
                      MPI_Aint outsize, MPI_Aint* position) {
  return api_call("MPI_Pack_external", MPI_COMM_WORLD, [&] {
    require_external32(datarep);
    xo::mpi::require_count(incount);
    const auto type = xo::mpi::current_datatypes().get_committed(datatype);
    const std::int64_t bytes = incount * xo::mpi::external32_size(*type);
    require_room("MPI_Pack_external", position, bytes, outsize, "the output buffer");
    if (bytes == 0) return;
    xo::mpi::require_buffer(inbuf, incount, *type, "inbuf");
    xo::mpi::require_pointer(outbuf, "outbuf");
    xo::mpi::pack_external32(inbuf, incount, *type, static_cast<std::byte*>(outbuf) + *position);
    *position += bytes;
  });
}

int MPI_Unpack_external(const char datarep[], const void* inbuf, MPI_Aint insize, MPI_Aint* position, void* outbuf,
                        int outcount, MPI_Datatype datatype) {
  return api_call("MPI_Unpack_external", MPI_COMM_WORLD, [&] {
    require_external32(datarep);
    xo::mpi::require_count(outcount);
    const auto type = xo::mpi::current_datatypes().get_committed(datatype);
    const std::int64_t bytes = outcount * xo::mpi::external32_size(*type);
    require_room("MPI_Unpack_external", position, bytes, insize, "the input buffer");
    if (bytes == 0) return;
    xo::mpi::require_pointer(inbuf, "inbuf");
    xo::mpi::require_buffer(outbuf, outcount, *type, "outbuf");
    xo::mpi::unpack_external32(static_cast<const std::byte*>(inbuf) + *position, outcount, *type, outbuf);
    *position += bytes;
  });
}

int MPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint* size) {
  return api_call("MPI_Pack_external_size", MPI_COMM_WORLD, [&] {
    require_external32(datarep);
    xo::mpi::require_count(incount);
    xo::mpi::require_pointer(size, "size");
    *size = incount * xo::mpi::external32_size(xo::mpi::current_datatypes().get(datatype));
  });
}

}  // extern "C"
