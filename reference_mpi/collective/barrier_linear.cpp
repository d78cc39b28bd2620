// Barrier: every rank notifies rank 0, which releases them all once it has heard from everyone.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void barrier_linear(CollectiveRun& run) {
  if (run.rank != 0) {
    run.send_to(nullptr, 0, 0);
    run.recv_from(nullptr, 0, 0);
    return;
  }
  for (int r = 1; r < run.size; ++r) run.recv_from(nullptr, 0, r);
  for (int r = 1; r < run.size; ++r) run.send_to(nullptr, 0, r);
}

}  // namespace xo::mpi
