// Allreduce for long vectors and commutative operations (Rabenseifner; MPICH2 above 2 KB): a
// reduce-scatter by recursive halving, then an allgather by recursive doubling. Bandwidth term
// about 2 bytes G instead of log2(n) bytes G.

#include "algorithms.hpp"
#include "rabenseifner.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allreduce_reduce_scatter_allgather(CollectiveRun& run) {
  std::vector<std::byte> data = run.send;
  const Fold fold = fold_to_power_of_two(run, data);
  if (fold.new_rank >= 0) {
    const Chunks chunks = chunk_vector(run.count, fold.pof2);
    reduce_scatter_halving(run, fold, chunks, data);
    const std::int64_t size = run.element_bytes();
    for (int mask = 1; mask < fold.pof2; mask *= 2) {
      const int partner = fold.new_rank ^ mask;
      const int mine = fold.new_rank & ~(mask - 1);
      const int theirs = partner & ~(mask - 1);
      run.exchange(data.data() + chunks.first[static_cast<std::size_t>(mine)] * size,
                   chunks.elements(mine, mine + mask) * size, fold.actual(partner),
                   data.data() + chunks.first[static_cast<std::size_t>(theirs)] * size,
                   chunks.elements(theirs, theirs + mask) * size, fold.actual(partner));
    }
  }
  unfold(run, fold, data);
  run.recv = std::move(data);
}

}  // namespace xo::mpi
