#include "rabenseifner.hpp"

#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

Chunks chunk_vector(std::int64_t count, int chunks) {
  Chunks c;
  c.first.resize(static_cast<std::size_t>(chunks) + 1);
  for (int i = 0; i <= chunks; ++i) c.first[static_cast<std::size_t>(i)] = count * i / chunks;
  return c;
}

void reduce_scatter_halving(CollectiveRun& run, const Fold& fold, const Chunks& chunks, std::vector<std::byte>& data) {
  const std::int64_t size = run.element_bytes();
  std::vector<std::byte> theirs(data.size());
  int low = 0;
  int high = fold.pof2;  // chunks [low, high) are still this rank's concern
  for (int mask = fold.pof2 / 2; mask >= 1; mask /= 2) {
    const int partner = fold.new_rank ^ mask;
    const int middle = low + mask;
    const bool keep_low = (fold.new_rank & mask) == 0;
    const int keep_from = keep_low ? low : middle;
    const int keep_to = keep_low ? middle : high;
    const int give_from = keep_low ? middle : low;
    const int give_to = keep_low ? high : middle;
    std::byte* keep = data.data() + chunks.first[static_cast<std::size_t>(keep_from)] * size;
    run.exchange(data.data() + chunks.first[static_cast<std::size_t>(give_from)] * size,
                 chunks.elements(give_from, give_to) * size, fold.actual(partner), theirs.data(),
                 chunks.elements(keep_from, keep_to) * size, fold.actual(partner));
    run.combine(theirs.data(), keep, chunks.elements(keep_from, keep_to));  // commutative: order is free
    low = keep_from;
    high = keep_to;
  }
}

}  // namespace xo::mpi
