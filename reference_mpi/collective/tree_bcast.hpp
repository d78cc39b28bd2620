#pragma once
// Bcast down a tree rooted at the root, the shape given by two functions of the relative rank:
// each rank receives the whole message from its parent and forwards it to its children.

#include <vector>

#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

template <class Parent, class Children>
void bcast_down_tree(CollectiveRun& run, Parent parent_of, Children children_of) {
  const int me = relative_rank(run.rank, run.root, run.size);
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  const int parent = parent_of(me);
  if (parent >= 0) run.recv_from(run.recv.data(), bytes, absolute_rank(parent, run.root, run.size));
  std::vector<Request*> sends;
  for (int child : children_of(me))
    sends.push_back(run.isend(run.recv.data(), bytes, absolute_rank(child, run.root, run.size)));
  run.wait_all(sends);
}

}  // namespace xo::mpi
