// Bcast over the AP1000's B-net (seed 001 section 7): the root's whole message goes to every member
// in one selective broadcast, whatever the group's size (Figure 5).

#include "algorithms.hpp"
#include "selective_broadcast.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void bcast_selective_broadcast(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.recv.size());
  run.recv = selective_broadcast(run, run.root, run.recv, bytes, bytes);
}

}  // namespace xo::mpi
