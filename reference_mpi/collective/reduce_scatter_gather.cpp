// Reduce for long vectors and commutative operations (Rabenseifner; MPICH2 above 2 KB, the XT3
// above MPICH_REDUCE_SHORT_MSG): a reduce-scatter by recursive halving, then every surviving rank
// sends its reduced chunk to the root.

#include <cstring>

#include "algorithms.hpp"
#include "rabenseifner.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void reduce_scatter_gather(CollectiveRun& run) {
  std::vector<std::byte> data = run.send;
  const Fold fold = fold_to_power_of_two(run, data);
  const Chunks chunks = chunk_vector(run.count, fold.pof2);
  const std::int64_t size = run.element_bytes();
  auto chunk_at = [&](std::vector<std::byte>& v, int c) {
    return v.data() + chunks.first[static_cast<std::size_t>(c)] * size;
  };
  if (fold.new_rank >= 0) {
    reduce_scatter_halving(run, fold, chunks, data);
    if (run.rank != run.root) {
      run.send_to(chunk_at(data, fold.new_rank), chunks.elements(fold.new_rank, fold.new_rank + 1) * size, run.root);
    }
  }
  if (run.rank != run.root) return;
  std::vector<Request*> receives;
  for (int c = 0; c < fold.pof2; ++c) {
    if (c == fold.new_rank) {
      std::memcpy(chunk_at(run.recv, c), chunk_at(data, c), static_cast<std::size_t>(chunks.elements(c, c + 1) * size));
    } else {
      receives.push_back(run.irecv(chunk_at(run.recv, c), chunks.elements(c, c + 1) * size, fold.actual(c)));
    }
  }
  run.wait_all(receives);
}

}  // namespace xo::mpi
