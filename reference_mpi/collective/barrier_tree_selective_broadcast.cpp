// The AP1000's barrier on a group smaller than the machine (seed 001 section 9, Figure 8): a
// zero-byte gather up a tree to rank 0 (branching factor 3 in the seed, XO_COLL_BRANCHING here),
// then a selective broadcast releases everyone.

#include "algorithms.hpp"
#include "selective_broadcast.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void barrier_tree_selective_broadcast(CollectiveRun& run) {
  const int k = run.choice.branching;
  for (int child : kary_children(run.rank, k, run.size)) run.recv_from(nullptr, 0, child);
  const int parent = kary_parent(run.rank, k);
  if (parent >= 0) run.send_to(nullptr, 0, parent);
  selective_broadcast(run, 0, {}, 0, 0);
}

}  // namespace xo::mpi
