// Allgather by recursive doubling (MPICH2 for power-of-two sizes below 512 KB): in step k each rank
// swaps everything it holds with the rank 2^k away, doubling what it holds. Equal blocks in rank
// order, a power-of-two number of ranks.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allgather_recursive_doubling(CollectiveRun& run) {
  const auto block = static_cast<std::int64_t>(run.send.size());
  std::memcpy(run.recv.data() + run.rank * block, run.send.data(), static_cast<std::size_t>(block));
  for (int mask = 1; mask < run.size; mask *= 2) {
    const int partner = run.rank ^ mask;
    const int mine = run.rank & ~(mask - 1);  // first rank of the group of blocks this rank holds
    const int theirs = partner & ~(mask - 1);
    run.exchange(run.recv.data() + mine * block, mask * block, partner, run.recv.data() + theirs * block, mask * block,
                 partner);
  }
}

}  // namespace xo::mpi
