#pragma once
// Neighbourhood collectives (MPI-3): each rank exchanges blocks with its neighbours in the
// communicator's topology only, over point-to-point messages on the collective context, so the
// machine's protocols time every transfer as they time any message.

#include <cstdint>
#include <span>

namespace xo::mpi {

struct CollectiveRun;

// One block a rank sends to, or receives from, one neighbour.
struct NeighborTransfer {
  int peer = 0;             // communicator rank, or MPI_PROC_NULL (no transfer)
  int tag = 0;              // on the collective context
  std::int64_t offset = 0;  // in run.send (a send) or run.recv (a receive)
  std::int64_t bytes = 0;
};

// Tag space of neighbourhood transfers on the collective context, above the operations' tags.
inline constexpr int kNeighborTag = 256;

// Runs one neighbourhood collective of `run` (op, call and buffers set by the caller): checks that
// every member calls the same collective, reports it to the observer as a collective (algorithm
// "linear": every receive is posted, then every send, then all are waited for), and moves the data.
void run_neighbor_collective(CollectiveRun& run, std::span<const NeighborTransfer> receives,
                             std::span<const NeighborTransfer> sends);

}  // namespace xo::mpi
