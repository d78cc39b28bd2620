#pragma once
// One rank's part in one collective call: who takes part, the data in packed form, the algorithm
// the machine chose, and the point-to-point transfers algorithms are built from. Transfers go over
// the communicator's collective context, so they never match the program's own messages, and run
// through the machine's protocols like any message (so they cost and trace the same way).
//
// Data layout, per operation (all packed bytes, as MPI_Pack writes them):
//   bcast:              `recv` holds the message (the root's on entry).
//   gather(v):          `send` is this rank's block; at the root `recv` receives block i at
//                       block_offset[i] (block_bytes[i] long).
//   scatter(v):         at the root `send` holds block i at block_offset[i]; `recv` gets this rank's.
//   allgather(v):       `send` is this rank's block; `recv` gets every block, laid out as in gather.
//   alltoall(v):        `send` holds the block for rank i at send_offset[i]; `recv` gets rank i's at
//                       block_offset[i].
//   reductions:         `send` is this rank's vector of `count` elements; `recv` gets the result
//                       (reduce: at the root; reduce_scatter: this rank's `recv_counts` part;
//                       exclusive scan: the ranks below this one, undefined at rank 0).

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xo/hwmodels/collective.hpp"
#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/datatype.hpp"
#include "xo/mpi/state/request.hpp"
#include "xo/reference_mpi/protocol_phase.hpp"

namespace xo::mpi {

class World;
struct RankState;
class ReductionOp;

// Operations with a root: the one rank that sends or receives everything.
bool rooted(hw::CollectiveOp op);

struct CollectiveRun {
  CollectiveRun(World& world, CommHandle& comm, MPI_Comm handle, hw::CollectiveOp op, const char* call);

  World& world;
  RankState& self;
  CommHandle& comm;
  MPI_Comm handle;
  hw::CollectiveOp op;
  const char* call;
  int rank = 0;
  int size = 1;
  int root = 0;
  hw::CollectiveChoice choice;
  std::uint64_t sequence = 0;  // this communicator's collective call count: members agree on it
  int board_phase = 0;         // distinguishes several hardware steps of one call (HardwareBoard)
  bool checked = false;        // matched against the other members' calls (CollectiveLedger)

  std::vector<std::byte> send;
  std::vector<std::byte> recv;
  std::vector<std::int64_t> block_offset, block_bytes;  // per rank, in recv (scatter: in send)
  std::vector<std::int64_t> send_offset, send_bytes;    // alltoall(v): per destination, in send

  // Reductions.
  const ReductionOp* reduction = nullptr;
  bool predefined_op = true;
  const Datatype* type = nullptr;
  MPI_Datatype type_handle = MPI_DATATYPE_NULL;
  std::int64_t count = 0;                 // elements in `send`
  std::vector<std::int64_t> recv_counts;  // reduce_scatter: elements per rank
  bool exclusive = false;                 // scan: MPI_Exscan (rank i gets ranks 0..i-1; rank 0 nothing)

  int world_rank(int comm_rank) const { return comm.world_rank(comm_rank); }
  std::int64_t element_bytes() const { return type != nullptr ? type->size() : 1; }

  // Point-to-point on the collective context. Requests are internal: wait and retire them here.
  // On an intercommunicator `dest` and `source` are ranks of the remote group.
  Request* isend(const std::byte* data, std::int64_t bytes, int dest);
  Request* irecv(std::byte* data, std::int64_t bytes, int source);
  // With a tag of the caller's instead of the operation's (neighbourhood collectives tell the
  // directions of a Cartesian grid apart by tag).
  Request* isend(const std::byte* data, std::int64_t bytes, int dest, int tag);
  Request* irecv(std::byte* data, std::int64_t bytes, int source, int tag);
  void wait(Request* request);
  void wait_all(std::span<Request* const> requests);
  void send_to(const std::byte* data, std::int64_t bytes, int dest);
  void recv_from(std::byte* data, std::int64_t bytes, int source);
  void exchange(const std::byte* out, std::int64_t out_bytes, int dest, std::byte* in, std::int64_t in_bytes,
                int source);

  // Records a step of the collective's hardware under this rank (see protocol_phase.hpp);
  // `to_world_rank` -1: no single peer.
  void record_hardware_phase(Phase phase, sim::Time start, sim::Time end, std::int64_t bytes,
                             int to_world_rank = -1) const;

  // inout = in op inout over `elements` elements, charging the machine's time for the pass.
  void combine(const std::byte* in, std::byte* inout, std::int64_t elements);
  // Charges a memory copy of `bytes` (a block copied within the rank's memory).
  void charge_copy(std::int64_t bytes);

 private:
  // A request on the collective context to or from `peer`, `bytes` of MPI_BYTE.
  Request* envelope(bool sending, std::int64_t bytes, int peer, int tag);
};

}  // namespace xo::mpi
