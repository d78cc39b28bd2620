// Bcast for long messages (Van de Geijn; MPICH2 above 12 KB on 8 or more ranks): a binomial scatter
// splits the message into one chunk per rank, then a ring allgather reassembles it everywhere.
// Bandwidth term about 2 bytes G instead of log2(n) bytes G.

#include <algorithm>

#include "algorithms.hpp"
#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void bcast_scatter_allgather(CollectiveRun& run) {
  const int n = run.size;
  const int me = relative_rank(run.rank, run.root, n);
  const auto total = static_cast<std::int64_t>(run.recv.size());
  const std::int64_t chunk = (total + n - 1) / n;
  auto begin = [&](int r) { return std::min<std::int64_t>(static_cast<std::int64_t>(r) * chunk, total); };
  auto span_bytes = [&](int first, int count) { return begin(std::min(first + count, n)) - begin(first); };

  // Scatter: each rank receives the chunks of its subtree from its parent and hands on its children's.
  const int parent = binomial_parent(me);
  if (parent >= 0) {
    run.recv_from(run.recv.data() + begin(me), span_bytes(me, binomial_subtree(me, n)),
                  absolute_rank(parent, run.root, n));
  }
  for (int child : binomial_children(me, n)) {
    run.send_to(run.recv.data() + begin(child), span_bytes(child, binomial_subtree(child, n)),
                absolute_rank(child, run.root, n));
  }

  // Ring allgather of the chunks, in relative rank order.
  const int right = absolute_rank((me + 1) % n, run.root, n);
  const int left = absolute_rank((me - 1 + n) % n, run.root, n);
  for (int step = 0; step < n - 1; ++step) {
    const int out = (me - step + n) % n;
    const int in = (me - step - 1 + n) % n;
    run.exchange(run.recv.data() + begin(out), span_bytes(out, 1), right, run.recv.data() + begin(in),
                 span_bytes(in, 1), left);
  }
}

}  // namespace xo::mpi
