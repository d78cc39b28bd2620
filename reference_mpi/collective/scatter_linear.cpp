// Scatter(v): the root sends every rank its block directly.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void scatter_linear(CollectiveRun& run) {
  if (run.rank != run.root) {
    run.recv_from(run.recv.data(), static_cast<std::int64_t>(run.recv.size()), run.root);
    return;
  }
  std::vector<Request*> sends;
  for (int r = 0; r < run.size; ++r) {
    const auto i = static_cast<std::size_t>(r);
    if (r == run.rank) {
      std::memcpy(run.recv.data(), run.send.data() + run.block_offset[i], run.recv.size());
      run.charge_copy(static_cast<std::int64_t>(run.recv.size()));
    } else {
      sends.push_back(run.isend(run.send.data() + run.block_offset[i], run.block_bytes[i], r));
    }
  }
  run.wait_all(sends);
}

}  // namespace xo::mpi
