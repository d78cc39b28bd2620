// The AP1000's allreduce beyond the xy routines (seed 001 section 9, Figures 9 and 10): MPI_Reduce to
// rank 0 over the machine's reduction tree, then a selective broadcast of the result.

#include "algorithms.hpp"
#include "selective_broadcast.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allreduce_tree_selective_broadcast(CollectiveRun& run) {
  run.root = 0;
  run_nested(run, hw::CollectiveOp::Reduce);
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, 0, run.rank == 0 ? run.recv : std::vector<std::byte>{}, bytes, bytes);
}

}  // namespace xo::mpi
