// Reduce_scatter by pairwise exchange (MPICH2 for long vectors and commutative operations): in
// step k each rank sends rank + k its contribution to that rank's block and combines what rank - k
// sends for its own.

#include <cstring>

#include "algorithms.hpp"
#include "reduce_scatter_blocks.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void reduce_scatter_pairwise(CollectiveRun& run) {
  const std::vector<std::int64_t> offsets = reduce_scatter_offsets(run);
  const auto me = static_cast<std::size_t>(run.rank);
  const std::int64_t my_bytes = offsets[me + 1] - offsets[me];
  std::memcpy(run.recv.data(), run.send.data() + offsets[me], static_cast<std::size_t>(my_bytes));
  std::vector<std::byte> theirs(static_cast<std::size_t>(my_bytes));
  for (int step = 1; step < run.size; ++step) {
    const auto to = static_cast<std::size_t>((run.rank + step) % run.size);
    const int from = (run.rank - step + run.size) % run.size;
    run.exchange(run.send.data() + offsets[to], offsets[to + 1] - offsets[to], static_cast<int>(to), theirs.data(),
                 my_bytes, from);
    run.combine(theirs.data(), run.recv.data(), run.recv_counts[me]);  // commutative: order is free
  }
}

}  // namespace xo::mpi
