// Reduce up a binomial tree (MPICH2's short-vector choice); a non-commutative operation reduces to
// rank 0, whose subtrees are runs of consecutive ranks, and then goes to the root.

#include "algorithms.hpp"
#include "tree_reduce.hpp"
#include "xo/mpi/state/reduction_op.hpp"

namespace xo::mpi {

void reduce_binomial(CollectiveRun& run) {
  const int n = run.size;
  const bool ordered = !run.reduction->commutative();
  const int top = ordered ? 0 : run.root;
  auto result = reduce_up_tree(run, top, ordered, binomial_parent, [n](int r) { return binomial_children(r, n); });
  deliver_to_root(run, top, std::move(result));
}

}  // namespace xo::mpi
