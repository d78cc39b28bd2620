// Alltoall(v) over the AP1000's B-net (seed 001 section 7): every member in turn broadcasts its whole
// send buffer; the others copy out their block.

#include "algorithms.hpp"
#include "block_table.hpp"
#include "selective_broadcast.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void alltoall_selective_broadcast(CollectiveRun& run) {
  for (int from = 0; from < run.size; ++from) {
    const auto i = static_cast<std::size_t>(from);
    const bool sender = run.rank == from;
    std::vector<std::byte> got =
        selective_broadcast(run, from, sender ? with_offsets(run.send, run.send_offset) : std::vector<std::byte>{},
                            static_cast<std::int64_t>(run.send.size()), run.block_bytes[i]);
    copy_block(got, run.size, run.rank, run.recv.data() + run.block_offset[i], run.block_bytes[i]);
  }
}

}  // namespace xo::mpi
