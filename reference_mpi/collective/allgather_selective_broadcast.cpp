// Allgather(v) over the AP1000's B-net (seed 001 section 7): the blocks are gathered to rank 0, then
// broadcast whole in one selective broadcast.

#include "algorithms.hpp"
#include "selective_broadcast.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allgather_selective_broadcast(CollectiveRun& run) {
  const int root = run.root;
  const hw::CollectiveOp op = run.op;
  run.root = 0;
  run.op = hw::CollectiveOp::Gatherv;
  gather_linear(run);
  run.op = op;
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, 0, run.rank == 0 ? run.recv : std::vector<std::byte>{}, bytes, bytes);
  run.root = root;
}

}  // namespace xo::mpi
