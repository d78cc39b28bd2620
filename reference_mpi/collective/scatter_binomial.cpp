// Scatter of equal blocks down a binomial tree (MPICH2's default): the root orders the blocks by
// relative rank; each rank receives its subtree's blocks from its parent and hands each child its
// subtree's share.

#include <cstring>

#include "algorithms.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void scatter_binomial(CollectiveRun& run) {
  const int n = run.size;
  const int me = relative_rank(run.rank, run.root, n);
  const auto block = static_cast<std::int64_t>(run.recv.size());
  const int subtree = binomial_subtree(me, n);
  std::vector<std::byte> held(static_cast<std::size_t>(block * subtree));
  if (me == 0) {
    for (int r = 0; r < n; ++r) {
      std::memcpy(held.data() + r * block,
                  run.send.data() + run.block_offset[static_cast<std::size_t>(absolute_rank(r, run.root, n))],
                  static_cast<std::size_t>(block));
    }
  } else {
    run.recv_from(held.data(), block * subtree, absolute_rank(binomial_parent(me), run.root, n));
  }
  for (int child : binomial_children(me, n)) {
    run.send_to(held.data() + (child - me) * block, block * binomial_subtree(child, n),
                absolute_rank(child, run.root, n));
  }
  std::memcpy(run.recv.data(), held.data(), static_cast<std::size_t>(block));
}

}  // namespace xo::mpi
