// Reduce_scatter as a reduce to rank 0 then a scatterv (MPICH2 for non-commutative operations; the
// X1, seed 000: "simply calls the Reduce and then the Scatterv functions"), each with the algorithm
// the machine picks for it.

#include "algorithms.hpp"
#include "reduce_scatter_blocks.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void reduce_scatter_reduce_scatterv(CollectiveRun& run) {
  const std::vector<std::int64_t> offsets = reduce_scatter_offsets(run);
  std::vector<std::byte> mine = std::move(run.recv);
  run.root = 0;
  run.recv.assign(run.send.size(), std::byte{});
  run_nested(run, hw::CollectiveOp::Reduce);
  run.send = std::move(run.recv);
  run.block_offset.assign(offsets.begin(), offsets.end() - 1);
  run.block_bytes.resize(run.recv_counts.size());
  for (std::size_t i = 0; i < run.recv_counts.size(); ++i) run.block_bytes[i] = offsets[i + 1] - offsets[i];
  run.recv = std::move(mine);
  run_nested(run, hw::CollectiveOp::Scatterv);
}

}  // namespace xo::mpi
