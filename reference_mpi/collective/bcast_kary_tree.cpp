// Bcast down a k-ary tree rooted at the root; the choice (or XO_COLL_BRANCHING) sets k.

#include "algorithms.hpp"
#include "tree_bcast.hpp"

namespace xo::mpi {

void bcast_kary_tree(CollectiveRun& run) {
  const int n = run.size;
  const int k = run.choice.branching;
  bcast_down_tree(
      run, [k](int r) { return kary_parent(r, k); }, [k, n](int r) { return kary_children(r, k, n); });
}

}  // namespace xo::mpi
