#pragma once
// Where each rank's block of a reduce_scatter result starts in the full vector, in bytes; the last
// entry is the vector's length.

#include <cstdint>
#include <vector>

#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

inline std::vector<std::int64_t> reduce_scatter_offsets(const CollectiveRun& run) {
  std::vector<std::int64_t> offsets(run.recv_counts.size() + 1, 0);
  for (std::size_t i = 0; i < run.recv_counts.size(); ++i)
    offsets[i + 1] = offsets[i] + run.recv_counts[i] * run.element_bytes();
  return offsets;
}

}  // namespace xo::mpi
