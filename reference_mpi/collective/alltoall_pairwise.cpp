// Alltoall(v) by pairwise exchange (MPICH2 for long messages; the XT3's default above 32 KB): in
// step k each rank sends to rank + k and receives from rank - k, one exchange at a time.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void alltoall_pairwise(CollectiveRun& run) {
  const int n = run.size;
  const auto me = static_cast<std::size_t>(run.rank);
  std::memcpy(run.recv.data() + run.block_offset[me], run.send.data() + run.send_offset[me],
              static_cast<std::size_t>(run.send_bytes[me]));
  for (int step = 1; step < n; ++step) {
    const auto to = static_cast<std::size_t>((run.rank + step) % n);
    const auto from = static_cast<std::size_t>((run.rank - step + n) % n);
    run.exchange(run.send.data() + run.send_offset[to], run.send_bytes[to], static_cast<int>(to),
                 run.recv.data() + run.block_offset[from], run.block_bytes[from], static_cast<int>(from));
  }
}

}  // namespace xo::mpi
