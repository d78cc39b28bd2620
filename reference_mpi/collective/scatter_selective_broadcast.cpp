// Scatter(v) over the AP1000's B-net (seed 001 section 7): the root broadcasts the whole array; each
// member copies out its own piece, so the time does not grow with the group (Figure 6) but a larger
// piece takes longer to copy.

#include "algorithms.hpp"
#include "block_table.hpp"
#include "selective_broadcast.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void scatter_selective_broadcast(CollectiveRun& run) {
  const auto mine = static_cast<std::int64_t>(run.recv.size());
  const bool root = run.rank == run.root;
  const auto network = static_cast<std::int64_t>(run.send.size());
  std::vector<std::byte> got = selective_broadcast(
      run, run.root, root ? with_offsets(run.send, run.block_offset) : std::vector<std::byte>{}, network, mine);
  copy_block(got, run.size, run.rank, run.recv.data(), mine);
  if (root) run.charge_copy(mine);
}

}  // namespace xo::mpi
