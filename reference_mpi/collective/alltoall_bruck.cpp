// Alltoall by Bruck's algorithm (MPICH2's "store and forward" for short messages; the XT3 uses it
// up to MPICH_ALLTOALL_SHORT_MSG): rotate the blocks so block i goes i ranks away; in step k send
// every block whose index has bit k set to rank + 2^k; rotate back. ceil(log2 n) messages of
// about n/2 blocks each, instead of n-1 messages. Equal blocks.

#include <cstring>

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void alltoall_bruck(CollectiveRun& run) {
  const int n = run.size;
  const std::int64_t block = run.send_bytes[0];
  std::vector<std::byte> held(static_cast<std::size_t>(block * n));
  for (int i = 0; i < n; ++i) {  // held[i]: the block bound for rank + i
    std::memcpy(held.data() + i * block, run.send.data() + ((run.rank + i) % n) * block,
                static_cast<std::size_t>(block));
  }
  std::vector<std::byte> out(held.size());
  std::vector<std::byte> in(held.size());
  for (int bit = 1; bit < n; bit *= 2) {
    std::int64_t packed = 0;
    for (int i = 0; i < n; ++i) {
      if ((i & bit) == 0) continue;
      std::memcpy(out.data() + packed, held.data() + i * block, static_cast<std::size_t>(block));
      packed += block;
    }
    run.exchange(out.data(), packed, (run.rank + bit) % n, in.data(), packed, (run.rank - bit + n) % n);
    packed = 0;
    for (int i = 0; i < n; ++i) {
      if ((i & bit) == 0) continue;
      std::memcpy(held.data() + i * block, in.data() + packed, static_cast<std::size_t>(block));
      packed += block;
    }
  }
  for (int i = 0; i < n; ++i) {  // held[i] now came from rank - i
    std::memcpy(run.recv.data() + ((run.rank - i + n) % n) * block, held.data() + i * block,
                static_cast<std::size_t>(block));
  }
}

}  // namespace xo::mpi
