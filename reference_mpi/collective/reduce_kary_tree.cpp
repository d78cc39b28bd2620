// Reduce up a k-ary tree rooted at the root (the AP1000's "logical reduction trees", seed 001
// section 9); the choice (or XO_COLL_BRANCHING) sets k. A k-ary tree's subtrees are not runs of
// consecutive ranks, so non-commutative operations take the binomial tree.

#include "algorithms.hpp"
#include "tree_reduce.hpp"
#include "xo/mpi/state/reduction_op.hpp"

namespace xo::mpi {

void reduce_kary_tree(CollectiveRun& run) {
  if (!run.reduction->commutative()) {
    reduce_binomial(run);
    return;
  }
  const int n = run.size;
  const int k = run.choice.branching;
  auto result = reduce_up_tree(
      run, run.root, false, [k](int r) { return kary_parent(r, k); }, [k, n](int r) { return kary_children(r, k, n); });
  deliver_to_root(run, run.root, std::move(result));
}

}  // namespace xo::mpi
