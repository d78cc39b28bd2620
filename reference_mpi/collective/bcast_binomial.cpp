// Bcast down a binomial tree rooted at the root (MPICH2's short-message choice).

#include "algorithms.hpp"
#include "tree_bcast.hpp"

namespace xo::mpi {

void bcast_binomial(CollectiveRun& run) {
  const int n = run.size;
  bcast_down_tree(run, binomial_parent, [n](int r) { return binomial_children(r, n); });
}

}  // namespace xo::mpi
