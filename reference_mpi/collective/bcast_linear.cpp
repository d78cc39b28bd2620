// Bcast: the root sends the whole message to every other rank.

#include <vector>

#include "algorithms.hpp"
#include "tree_bcast.hpp"

namespace xo::mpi {

void bcast_linear(CollectiveRun& run) {
  const int n = run.size;
  bcast_down_tree(
      run, [](int r) { return r == 0 ? -1 : 0; },
      [n](int r) {
        std::vector<int> all;
        if (r == 0) {
          for (int c = 1; c < n; ++c) all.push_back(c);
        }
        return all;
      });
}

}  // namespace xo::mpi
