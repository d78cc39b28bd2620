// Bcast down a tree rooted at the root: linear (the root sends to everyone), binomial (MPICH2's
// short-message choice) or k-ary. Each rank receives the whole message from its parent and
// forwards it to its children.

#include "algorithms.hpp"
#include "collective_run.hpp"
#include "tree_shape.hpp"

namespace xo::mpi {

namespace {

template <class Parent, class Children>
void bcast_down(CollectiveRun& run, Parent parent_of, Children children_of) {
  const int me = relative_rank(run.rank, run.root, run.size);
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  const int parent = parent_of(me);
  if (parent >= 0) run.recv_from(run.recv.data(), bytes, absolute_rank(parent, run.root, run.size));
  std::vector<Request*> sends;
  for (int child : children_of(me))
    sends.push_back(run.isend(run.recv.data(), bytes, absolute_rank(child, run.root, run.size)));
  run.wait_all(sends);
}

}  // namespace

void bcast_linear(CollectiveRun& run) {
  const int n = run.size;
  bcast_down(
      run, [](int r) { return r == 0 ? -1 : 0; },
      [n](int r) {
        std::vector<int> all;
        if (r == 0) {
          for (int c = 1; c < n; ++c) all.push_back(c);
        }
        return all;
      });
}

void bcast_binomial(CollectiveRun& run) {
  const int n = run.size;
  bcast_down(run, binomial_parent, [n](int r) { return binomial_children(r, n); });
}

void bcast_kary_tree(CollectiveRun& run) {
  const int n = run.size;
  const int k = run.choice.branching;
  bcast_down(
      run, [k](int r) { return kary_parent(r, k); }, [k, n](int r) { return kary_children(r, k, n); });
}

}  // namespace xo::mpi
