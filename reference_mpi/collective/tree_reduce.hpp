#pragma once
// Reduce up a tree: each rank combines its children's partial results with its own and passes the
// result to its parent. A non-commutative operation needs every partial result to cover a run of
// consecutive ranks combined in rank order: the binomial tree rooted at rank 0 gives that, so such
// reductions go to rank 0 first and then to the root (deliver_to_root).

#include <algorithm>
#include <vector>

#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

// Reduces to `top` (a communicator rank) over the tree; returns the result there (empty elsewhere).
template <class Parent, class Children>
std::vector<std::byte> reduce_up_tree(CollectiveRun& run, int top, bool ordered, Parent parent_of,
                                      Children children_of) {
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

// Hands the result reduced at `top` to the root, when they differ.
inline void deliver_to_root(CollectiveRun& run, int top, std::vector<std::byte> result) {
  if (top == run.root) {
    if (run.rank == run.root) run.recv = std::move(result);
    return;
  }
  if (run.rank == top) run.send_to(result.data(), static_cast<std::int64_t>(result.size()), run.root);
  if (run.rank == run.root) run.recv_from(run.recv.data(), static_cast<std::int64_t>(run.recv.size()), top);
}

}  // namespace xo::mpi
