#pragma once
// The "external32" data representation (MPI-3.1 section 13.5.2), which MPI_Pack_external writes:
// the type map's elements in order, each big-endian in the standard's size (Table 13.2). Integers
// are two's complement, MPI_LONG and MPI_UNSIGNED_LONG 4 bytes and MPI_WCHAR 2 (a wider value keeps
// its least significant bytes, as the standard says, and comes back sign- or zero-extended); floating
// point is IEEE single, double, and quad for MPI_LONG_DOUBLE; a complex number is its real then its
// imaginary part; booleans are written as 0 or 1.

#include <cstddef>
#include <cstdint>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

// Bytes one instance of `type` takes in external32.
std::int64_t external32_size(const Datatype& type);
// Writes count * external32_size(type) bytes to `out`.
void pack_external32(const void* in, std::int64_t count, const Datatype& type, std::byte* out);
// Reads count * external32_size(type) bytes into `count` instances of `type` at `out`.
void unpack_external32(const std::byte* in, std::int64_t count, const Datatype& type, void* out);

}  // namespace xo::mpi
