#include "xo/mpi/collective/neighbor_exchange.hpp"

#include <mpi.h>

#include <vector>

#include "collective_ledger.hpp"
#include "collective_meeting_points.hpp"
#include "collective_trace.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

void exchange(CollectiveRun& run, std::span<const NeighborTransfer> receives, std::span<const NeighborTransfer> sends) {
  std::vector<Request*> requests;
  requests.reserve(receives.size() + sends.size());
  for (const NeighborTransfer& t : receives) {
    if (t.peer != MPI_PROC_NULL) requests.push_back(run.irecv(run.recv.data() + t.offset, t.bytes, t.peer, t.tag));
  }
  for (const NeighborTransfer& t : sends) {
    if (t.peer != MPI_PROC_NULL) requests.push_back(run.isend(run.send.data() + t.offset, t.bytes, t.peer, t.tag));
  }
  run.wait_all(requests);
}

}  // namespace

void run_neighbor_collective(CollectiveRun& run, std::span<const NeighborTransfer> receives,
                             std::span<const NeighborTransfer> sends) {
  CollectiveMeetingPoints::of(run.world).ledger.check(run, -1);  // block sizes differ between neighbours
  run.checked = true;
  run.choice.algorithm = hw::Algorithm::Linear;
  const CollectiveTraceSizes traced = report_collective_begin(run);
  try {
    exchange(run, receives, sends);
  } catch (const MpiError&) {
    report_collective_end(run, traced);  // under MPI_ERRORS_RETURN the trace must show it ended
    throw;
  }
  report_collective_end(run, traced);
}

}  // namespace xo::mpi
