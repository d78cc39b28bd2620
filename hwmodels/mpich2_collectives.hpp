#pragma once
// MPICH2's choice of collective algorithm (src/mpi/coll, release 1.0.x, the base of Cray MPT on
// the XT3 and XE6): switch points by message size and communicator size. Machines that ran MPICH2
// pass their own thresholds, e.g. the XT3's MPICH_* variables.

#include <cstdint>

#include "xo/hwmodels/collective.hpp"

namespace xo::hw {

struct Mpich2Thresholds {
  // MPICH2 defaults (MPIR_BCAST_SHORT_MSG etc. in src/mpi/coll/*.c).
  std::int64_t bcast_short = 12288;
  std::int64_t bcast_long = 524288;
  int bcast_min_procs = 8;
  bool bcast_only_tree = false;  // XT3 MPICH_BCAST_ONLY_TREE: no ring for non-power-of-two sizes
  std::int64_t alltoall_short = 256;
  std::int64_t alltoall_medium = 32768;
  bool alltoallv_sendrecv = false;  // XT3 MPICH_ALLTOALLVW_SENDRECV: always pairwise
  std::int64_t allgather_short = 81920;
  std::int64_t allgather_long = 524288;
  std::int64_t reduce_short = 2048;
  std::int64_t allreduce_short = 2048;
  std::int64_t reduce_scatter_long = 524288;
};

CollectiveChoice mpich2_choice(const CollectiveQuery& query, const Mpich2Thresholds& thresholds);

}  // namespace xo::hw
