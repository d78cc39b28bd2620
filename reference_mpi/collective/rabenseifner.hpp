#pragma once
// Rabenseifner's reduce-scatter by recursive halving, the first half of MPICH2's long-vector
// reduce and allreduce for commutative operations: over the 2^k ranks left after folding, the
// vector is cut into 2^k chunks; each of k steps swaps half of what remains with a partner and
// combines, leaving chunk `new_rank` fully reduced at each rank.

#include <cstdint>
#include <vector>

#include "power_of_two_fold.hpp"

namespace xo::mpi {

struct CollectiveRun;

struct Chunks {
  std::vector<std::int64_t> first;  // element index of each chunk; first[2^k] = count
  std::int64_t elements(int from, int to) const {
    return first[static_cast<std::size_t>(to)] - first[static_cast<std::size_t>(from)];
  }
};

Chunks chunk_vector(std::int64_t count, int chunks);
// Leaves `data`'s chunk fold.new_rank reduced over every rank.
void reduce_scatter_halving(CollectiveRun& run, const Fold& fold, const Chunks& chunks, std::vector<std::byte>& data);

}  // namespace xo::mpi
