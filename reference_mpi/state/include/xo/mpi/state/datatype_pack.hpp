#pragma once
// Packing typed data into a contiguous byte stream and back, in type-map order. Hot path: no
// allocation, and a single memcpy for contiguous types.

#include <cstddef>
#include <cstdint>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

// Writes count * type.size() bytes to `out`.
void pack(const void* in, std::int64_t count, const Datatype& type, std::byte* out);
// Reads `bytes` packed bytes (possibly fewer than a whole number of instances) into `out`.
void unpack(const std::byte* in, std::int64_t bytes, const Datatype& type, void* out);

}  // namespace xo::mpi
