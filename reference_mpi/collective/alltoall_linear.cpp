// Alltoall(v) with every receive and send posted at once (MPICH2 for medium messages): receives
// first, then sends, starting at the next rank so that not everyone sends to rank 0 first.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void alltoall_linear(CollectiveRun& run) {
  const int n = run.size;
  const auto me = static_cast<std::size_t>(run.rank);
  std::memcpy(run.recv.data() + run.block_offset[me], run.send.data() + run.send_offset[me],
              static_cast<std::size_t>(run.send_bytes[me]));
  std::vector<Request*> requests;
  for (int i = 1; i < n; ++i) {
    const auto from = static_cast<std::size_t>((run.rank + i) % n);
    requests.push_back(
        run.irecv(run.recv.data() + run.block_offset[from], run.block_bytes[from], static_cast<int>(from)));
  }
  for (int i = 1; i < n; ++i) {
    const auto to = static_cast<std::size_t>((run.rank + i) % n);
    requests.push_back(run.isend(run.send.data() + run.send_offset[to], run.send_bytes[to], static_cast<int>(to)));
  }
  run.wait_all(requests);
}

}  // namespace xo::mpi
