// Allgather(v) as a gather to rank 0 followed by a bcast of the whole buffer (the X1's
// MPI_Allgather and MPI_Allgatherv, seed 000: "call Gather and then broadcast"), each with the
// algorithm the machine picks for it.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allgather_gather_bcast(CollectiveRun& run) {
  run.root = 0;
  run_nested(run, run.op == hw::CollectiveOp::Allgatherv ? hw::CollectiveOp::Gatherv : hw::CollectiveOp::Gather);
  run_nested(run, hw::CollectiveOp::Bcast);
}

}  // namespace xo::mpi
