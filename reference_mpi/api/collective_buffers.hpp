#pragma once
// Moving a collective's user buffers to and from the packed blocks the algorithms work on.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

struct CollectiveRun;

// Packs `count` instances of `type` at `buffer`. `what` names the buffer in the MPI_ERR_BUFFER a
// null buffer gets (see buffer_check.hpp), here and in the unpacking functions.
std::vector<std::byte> pack_block(const void* buffer, std::int64_t count, const Datatype& type,
                                  const char* what = "sendbuf");
// The address of element `index` of `type` at `buffer` (a displacement in extents).
const void* element_at(const void* buffer, std::int64_t index, const Datatype& type);
void* element_at(void* buffer, std::int64_t index, const Datatype& type);
// Lays out one packed block per rank, `counts[i]` instances of `type` each, back to back: fills
// offsets and sizes in bytes and returns the total.
std::int64_t lay_out_blocks(std::span<const int> counts, const Datatype& type, std::vector<std::int64_t>& offsets,
                            std::vector<std::int64_t>& bytes);
// Unpacks all of `packed` (instances of `type` back to back) to `buffer`.
void unpack_all(const std::vector<std::byte>& packed, const Datatype& type, void* buffer, const char* what = "recvbuf");
// Unpacks block i of `packed` (at offsets[i], bytes[i]) to `buffer` at displacement displs[i].
void unpack_blocks(const std::vector<std::byte>& packed, const std::vector<std::int64_t>& offsets,
                   const std::vector<std::int64_t>& bytes, std::span<const int> displs, const Datatype& type,
                   void* buffer, const char* what = "recvbuf");

// Argument checks.
void check_root(int root, int size);
void check_counts(std::span<const int> counts, const char* what);

}  // namespace xo::mpi
