// Reduce up a tree: binomial (MPICH2's short-message choice; the AP1000's "logical reduction
// trees") or k-ary. Each rank combines its children's partial results with its own and passes the
// result to its parent. A non-commutative operation needs every partial result to cover a run of
// consecutive ranks combined in rank order: the binomial tree rooted at rank 0 gives that, so such
// reductions go to rank 0 first and then to the root.

#include <algorithm>
#include <cstring>

#include "../core/reduction_op.hpp"
#include "algorithms.hpp"
#include "collective_run.hpp"
#include "tree_shape.hpp"

namespace xo::mpi {

namespace {

// Reduces to `top` (a communicator rank) over the tree; returns the result there (empty elsewhere).
template <class Parent, class Children>
std::vector<std::byte> reduce_up(CollectiveRun& run, int top, bool ordered, Parent parent_of, Children children_of) {
  const int n = run.size;
  const int me = relative_rank(run.rank, top, n);
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  std::vector<std::byte> acc = run.send;
  std::vector<std::byte> partial(acc.size());
  std::vector<int> children = children_of(me);
  if (ordered) std::sort(children.begin(), children.end());  // the lower ranks' results come first
  for (int child : children) {
    run.recv_from(partial.data(), bytes, absolute_rank(child, top, n));
    // MPI order: acc covers lower ranks than the child's result, so acc is the left operand.
    run.combine(acc.data(), partial.data(), run.count);
    acc.swap(partial);
  }
  const int parent = parent_of(me);
  if (parent < 0) return acc;
  run.send_to(acc.data(), bytes, absolute_rank(parent, top, n));
  return {};
}

void deliver_to_root(CollectiveRun& run, int top, std::vector<std::byte> result) {
  if (top == run.root) {
    if (run.rank == run.root) run.recv = std::move(result);
    return;
  }
  if (run.rank == top) run.send_to(result.data(), static_cast<std::int64_t>(result.size()), run.root);
  if (run.rank == run.root) run.recv_from(run.recv.data(), static_cast<std::int64_t>(run.recv.size()), top);
}

}  // namespace

void reduce_binomial(CollectiveRun& run) {
  const int n = run.size;
  const bool ordered = !run.reduction->commutative();
  const int top = ordered ? 0 : run.root;
  auto result = reduce_up(run, top, ordered, binomial_parent, [n](int r) { return binomial_children(r, n); });
  deliver_to_root(run, top, std::move(result));
}

void reduce_kary_tree(CollectiveRun& run) {
  if (!run.reduction->commutative()) {
    reduce_binomial(run);  // a k-ary tree's subtrees are not runs of consecutive ranks
    return;
  }
  const int n = run.size;
  const int k = run.choice.branching;
  auto result = reduce_up(
      run, run.root, false, [k](int r) { return kary_parent(r, k); }, [k, n](int r) { return kary_children(r, k, n); });
  deliver_to_root(run, run.root, std::move(result));
}

}  // namespace xo::mpi
