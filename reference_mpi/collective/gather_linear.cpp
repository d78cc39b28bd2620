// Gather(v): every rank sends its block straight to the root, which receives them all at once.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void gather_linear(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.send.size());
  if (run.rank != run.root) {
    run.send_to(run.send.data(), mine, run.root);
    return;
  }
  std::vector<Request*> receives;
  for (int r = 0; r < run.size; ++r) {
    const auto i = static_cast<std::size_t>(r);
    if (r == run.rank) {
      std::memcpy(run.recv.data() + run.block_offset[i], run.send.data(), static_cast<std::size_t>(mine));
      run.charge_copy(mine);
    } else {
      receives.push_back(run.irecv(run.recv.data() + run.block_offset[i], run.block_bytes[i], r));
    }
  }
  run.wait_all(receives);
}

}  // namespace xo::mpi
