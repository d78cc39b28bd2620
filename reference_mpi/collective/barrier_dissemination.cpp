// Barrier by dissemination (Hensgen, Finkel and Manber 1988; MPICH2's default): in round k each
// rank notifies rank + 2^k and waits for rank - 2^k; after ceil(log2 n) rounds everyone has heard,
// directly or not, from everyone.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void barrier_dissemination(CollectiveRun& run) {
  for (int distance = 1; distance < run.size; distance *= 2) {
    const int to = (run.rank + distance) % run.size;
    const int from = (run.rank - distance + run.size) % run.size;
    run.exchange(nullptr, 0, to, nullptr, 0, from);
  }
}

}  // namespace xo::mpi
