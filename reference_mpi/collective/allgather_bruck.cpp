// Allgather by Bruck's algorithm (MPICH2 for short messages on other sizes): ceil(log2 n) steps;
// in step k each rank sends the blocks it holds to rank - 2^k and receives as many from rank + 2^k,
// holding blocks in order starting from its own; a final rotation puts them in rank order.

#include <algorithm>
#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allgather_bruck(CollectiveRun& run) {
  const int n = run.size;
  const auto block = static_cast<std::int64_t>(run.send.size());
  std::vector<std::byte> held(static_cast<std::size_t>(block * n));
  std::memcpy(held.data(), run.send.data(), static_cast<std::size_t>(block));
  for (int have = 1; have < n; have *= 2) {
    const int blocks = std::min(have, n - have);
    const int to = (run.rank - have + n) % n;
    const int from = (run.rank + have) % n;
    run.exchange(held.data(), blocks * block, to, held.data() + have * block, blocks * block, from);
  }
  for (int i = 0; i < n; ++i) {
    std::memcpy(run.recv.data() + ((run.rank + i) % n) * block, held.data() + i * block,
                static_cast<std::size_t>(block));
  }
}

}  // namespace xo::mpi
