// Allgather(v) by a ring (MPICH2 for long messages): in n-1 steps every rank passes the block it
// received last to its right neighbour.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allgather_ring(CollectiveRun& run) {
  const int n = run.size;
  auto at = [&](int r) { return run.recv.data() + run.block_offset[static_cast<std::size_t>(r)]; };
  auto bytes = [&](int r) { return run.block_bytes[static_cast<std::size_t>(r)]; };
  std::memcpy(at(run.rank), run.send.data(), run.send.size());
  const int right = (run.rank + 1) % n;
  const int left = (run.rank - 1 + n) % n;
  for (int step = 0; step < n - 1; ++step) {
    const int out = (run.rank - step + n) % n;
    const int in = (run.rank - step - 1 + n) % n;
    run.exchange(at(out), bytes(out), right, at(in), bytes(in), left);
  }
}

}  // namespace xo::mpi
