// Barrier: a zero-byte gather up a k-ary tree rooted at rank 0, then a release down the same tree.

#include "algorithms.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void barrier_kary_tree(CollectiveRun& run) {
  const int k = run.choice.branching;
  const int parent = kary_parent(run.rank, k);
  const std::vector<int> children = kary_children(run.rank, k, run.size);
  for (int child : children) run.recv_from(nullptr, 0, child);
  if (parent >= 0) {
    run.send_to(nullptr, 0, parent);
    run.recv_from(nullptr, 0, parent);
  }
  for (int child : children) run.send_to(nullptr, 0, child);
}

}  // namespace xo::mpi
