// SMP-aware allreduce (Cray MPT on the XE6; announced for the XT3 in seed 002, "SMP-topology
// aware Allreduce"): the ranks of each node reduce to their node's first rank over shared memory,
// the node leaders reduce and bcast among themselves along binomial trees, and each leader hands
// the result to its node. Ranks fill nodes in order; combining in rank order keeps
// non-commutative operations correct.

#include <algorithm>

#include "algorithms.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void allreduce_smp_aware(CollectiveRun& run) {
  const int per_node = run.world.machine().placement().ranks_per_node();
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  const int leader = run.rank / per_node * per_node;
  const int node_end = std::min(run.size, leader + per_node);
  std::vector<std::byte> acc = run.send;
  std::vector<std::byte> theirs(acc.size());
  if (run.rank != leader) {
    run.send_to(acc.data(), bytes, leader);
    run.recv_from(run.recv.data(), bytes, leader);
    return;
  }
  for (int r = leader + 1; r < node_end; ++r) {
    run.recv_from(theirs.data(), bytes, r);
    run.combine(acc.data(), theirs.data(), run.count);
    acc.swap(theirs);
  }
  // Binomial reduce and bcast over the leaders, numbered by node.
  const int nodes = (run.size + per_node - 1) / per_node;
  const int node = run.rank / per_node;
  std::vector<int> children = binomial_children(node, nodes);
  std::sort(children.begin(), children.end());  // lower nodes' results first: rank order
  for (int child : children) {
    run.recv_from(theirs.data(), bytes, child * per_node);
    run.combine(acc.data(), theirs.data(), run.count);
    acc.swap(theirs);
  }
  const int parent = binomial_parent(node);
  if (parent >= 0) {
    run.send_to(acc.data(), bytes, parent * per_node);
    run.recv_from(acc.data(), bytes, parent * per_node);
  }
  std::vector<Request*> sends;
  for (int child : children) sends.push_back(run.isend(acc.data(), bytes, child * per_node));
  for (int r = leader + 1; r < node_end; ++r) sends.push_back(run.isend(acc.data(), bytes, r));
  run.wait_all(sends);
  run.recv = std::move(acc);
}

}  // namespace xo::mpi
