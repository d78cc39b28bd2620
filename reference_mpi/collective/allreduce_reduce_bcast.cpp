// Allreduce as a reduce to rank 0 followed by a bcast (the X1's MPI_Allreduce: "call Reduce, then
// broadcast the results"), each with the algorithm the machine picks for it.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allreduce_reduce_bcast(CollectiveRun& run) {
  run.root = 0;
  run_nested(run, hw::CollectiveOp::Reduce);
  run_nested(run, hw::CollectiveOp::Bcast);
}

}  // namespace xo::mpi
