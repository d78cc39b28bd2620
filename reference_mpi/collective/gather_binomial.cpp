// Gather of equal blocks up a binomial tree (MPICH2's default): each rank collects its subtree's
// blocks, in relative rank order, and passes them to its parent as one message. The root then
// rotates them into rank order.

#include <cstring>

#include "algorithms.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void gather_binomial(CollectiveRun& run) {
  const int n = run.size;
  const int me = relative_rank(run.rank, run.root, n);
  const auto block = static_cast<std::int64_t>(run.send.size());
  const int subtree = binomial_subtree(me, n);
  std::vector<std::byte> collected(static_cast<std::size_t>(block * subtree));
  std::memcpy(collected.data(), run.send.data(), static_cast<std::size_t>(block));
  for (int child : binomial_children(me, n)) {
    run.recv_from(collected.data() + (child - me) * block, block * binomial_subtree(child, n),
                  absolute_rank(child, run.root, n));
  }
  if (me != 0) {
    run.send_to(collected.data(), block * subtree, absolute_rank(binomial_parent(me), run.root, n));
    return;
  }
  for (int r = 0; r < n; ++r) {
    std::memcpy(run.recv.data() + run.block_offset[static_cast<std::size_t>(absolute_rank(r, run.root, n))],
                collected.data() + r * block, static_cast<std::size_t>(block));
  }
}

}  // namespace xo::mpi
