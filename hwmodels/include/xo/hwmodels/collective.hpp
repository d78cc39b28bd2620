#pragma once
// Collective operations, the algorithms the reference MPI implements for them, and what a machine
// is told when it chooses one. The machine picks an algorithm per call, as its MPI did; the
// reference MPI runs it (reference_mpi/collective/). Which algorithm serves which operation is in
// collective_table.def.

#include <cstdint>
#include <string_view>

namespace xo::hw {

enum class CollectiveOp : std::uint8_t {
  Barrier,
  Bcast,
  Gather,
  Gatherv,
  Scatter,
  Scatterv,
  Allgather,
  Allgatherv,
  Alltoall,
  Alltoallv,
  Reduce,
  Allreduce,
  ReduceScatter,
  Scan,
};
inline constexpr int kCollectiveOps = 14;

// The algorithms of collective_table.def, which says what each does for each operation it serves.
enum class Algorithm : std::uint8_t {
  Auto,  // the machine's own choice (only in knobs)
  // Software algorithms over point-to-point messages on the communicator's collective context.
  Linear,
  KaryTree,
  Binomial,
  Dissemination,
  RecursiveDoubling,
  Ring,
  Bruck,
  Pairwise,
  ScatterAllgather,
  ReduceScatterGather,
  ReduceScatterAllgather,
  ReduceBcast,
  GatherBcast,
  ReduceScatterv,
  SmpAware,
  // Hardware and remote-memory algorithms of particular machines.
  SelectiveBroadcast,
  TreeSelectiveBroadcast,
  SyncNetwork,
  XyReduction,
  FetchAddTree,
  GpsPull,
  GpsPush,
  GpsFold,
  GpsChain,
  GpsScan,
};

std::string_view collective_name(CollectiveOp op);         // "MPI_Barrier"
std::string_view collective_knob_suffix(CollectiveOp op);  // "BARRIER", for XO_COLL_BARRIER
std::string_view algorithm_name(Algorithm algorithm);      // "kary_tree"
// Whether the algorithm's shape is a tree whose branching factor the choice sets (and
// XO_COLL_BRANCHING overrides).
bool uses_branching(Algorithm algorithm);

// The element type of a reduction, for machines whose hardware reduces only some types.
enum class ElementType : std::uint8_t { None, Int, Float, Double, Other };

struct CollectiveQuery {
  CollectiveOp op = CollectiveOp::Barrier;
  int ranks = 1;                 // communicator size
  bool whole_machine = false;    // the communicator holds every rank of the job
  std::int64_t bytes = 0;        // per rank: the block one rank sends or receives (count * type size)
  std::int64_t total_bytes = 0;  // all blocks together (allgather, gather, alltoall: n * bytes)
  std::int64_t count = 0;        // elements of a reduction
  ElementType element = ElementType::None;
  bool commutative = true;  // reductions
  bool builtin_op = true;   // a predefined MPI_Op
};

struct CollectiveChoice {
  Algorithm algorithm = Algorithm::Binomial;
  int branching = 2;  // KaryTree, TreeSelectiveBroadcast
};

// Special collective hardware a machine has. A negative time means the machine has no such unit.
struct CollectiveHardware {
  // A broadcast network shared by the whole machine (AP1000 B-net): one broadcast at a time.
  double broadcast_startup = -1;       // s, from the send to the first byte at every member
  double broadcast_per_byte = 0;       // s/byte on the network
  double broadcast_copy_per_byte = 0;  // s/byte each member spends copying its part out
  double broadcast_send_overhead = 0;  // s the sender spends before it may continue
  // A synchronisation network (AP1000 S-net, T3E barrier hardware): s from the last arrival to release.
  double sync = -1;
  // Whole-machine reduction of one number per call (AP1000 xy routines): s per call.
  double xy_reduction = -1;
  // Atomic fetch-and-add on a shared synchronisation word (X1 AMOs, shared-memory atomics of an
  // SMP node): s per operation, applied one at a time at the word; on the same node and across.
  double fetch_add = -1;
  double fetch_add_off_node = -1;
  // s more per update for each other update waiting on the same word: a convoy of processes on one
  // word costs more than its updates one by one (seed 000).
  double fetch_add_convoy = 0;
  // s once per level whose word is on another node: reaching it (the updates themselves pipeline).
  double fetch_add_remote_latency = 0;
  // Release of a fetch-and-add barrier after the last update: s once (X1: the vector scatter store
  // of every resume word) plus s per waiting rank (waiters whose reads of one flag are served in turn).
  double resume = 0;
  double resume_per_rank = 0;
  // s a barrier loses when the job runs a rank on every CPU of a node it spans: the operating
  // system must then take its time slices from a rank (0: not modelled).
  double full_node_delay = 0;
  // One-sided transfers of the gps-structure algorithms (X1 remote loads and stores).
  double remote_flag = -1;                    // s for a store of a flag or an address to another rank's memory
  std::int64_t bcast_preallocated_bytes = 0;  // Bcast below this size: the root copies and leaves at once
};

}  // namespace xo::hw
