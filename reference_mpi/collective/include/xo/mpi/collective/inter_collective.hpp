#pragma once
// Collectives on intercommunicators (MPI-3.1 section 5.2.2), built from the library's own
// point-to-point messages so the machine model times them: steps inside each group run as
// collectives on the group's hidden intracommunicator (with the algorithm the machine picks for
// them), and the groups meet through their leaders (local rank 0) or, where one process must
// hear from every remote one, directly.
//
// `run` is on the intercommunicator: run.rank and run.size are the local group's; isend and irecv
// address ranks of the remote group. Data layout (packed bytes), per operation:
//   bcast:           `recv` holds the message (the root's on entry).
//   gather(v):       `send` is this rank's block; at the root `recv` gets remote block i at block_offset[i].
//   scatter(v):      at the root `send` holds remote block i at block_offset[i]; `recv` gets this rank's.
//   allgather(v):    `send` is this rank's block; `recv` gets the remote group's, block i at block_offset[i].
//   alltoall(v):     `send` holds the block for remote rank i at send_offset[i]; `recv` gets remote
//                    rank i's at block_offset[i].
//   reduce:          `send` is this rank's vector; the root's `recv` gets the remote group's reduction.
//   allreduce:       `send` is this rank's vector; `recv` gets the remote group's reduction.
//   reduce_scatter:  `send` is this rank's vector (the sum of its group's recv_counts elements);
//                    `recv` gets this rank's recv_counts part of the remote group's reduction.
// run.root is the program's argument: MPI_ROOT, MPI_PROC_NULL or a rank of the remote group.

#include <cstdint>
#include <vector>

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

// What the call's arguments say, for the agreement check and the trace.
struct InterCallShape {
  std::int64_t out_block = -1;      // bytes per block sent to the other group (-1: not given, or varies)
  std::int64_t in_block = -1;       // bytes per block received from it
  std::int64_t bytes_sent = 0;      // of this rank's send buffer, as the trace counts them
  std::int64_t bytes_received = 0;  // into this rank's receive buffer
};

// Checks the call against the other members' (InterCollectiveLedger), runs it and traces it as a
// collective whose algorithm is "intercomm_leaders" or "intercomm_direct".
void run_inter_collective(CollectiveRun& run, const InterCallShape& shape);

// One rank's part in a collective inside its own group, on the hidden intracommunicator; it
// carries the reduction of `inter`. Not checked or traced (a step of the program's call).
CollectiveRun local_step(CollectiveRun& inter, hw::CollectiveOp op);
// Local rank 0's `data` to every member of the local group.
void local_bcast(CollectiveRun& inter, std::vector<std::byte>& data);
// This group's `inter.send` vectors reduced at local rank 0 (empty elsewhere).
std::vector<std::byte> reduce_to_leader(CollectiveRun& inter);

// The algorithms, one rank's part each.
void inter_barrier(CollectiveRun& run);
void inter_bcast(CollectiveRun& run);
void inter_gather(CollectiveRun& run);
void inter_gatherv(CollectiveRun& run);
void inter_scatter(CollectiveRun& run);
void inter_scatterv(CollectiveRun& run);
void inter_allgather(CollectiveRun& run);  // and allgatherv
void inter_alltoall(CollectiveRun& run);   // and alltoallv
void inter_reduce(CollectiveRun& run);
void inter_allreduce(CollectiveRun& run);
void inter_reduce_scatter(CollectiveRun& run);

}  // namespace xo::mpi
