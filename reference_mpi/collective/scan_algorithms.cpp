// Scan: a chain (each rank waits for the prefix of the ranks below, combines its own vector and
// passes the result up: n-1 steps) or recursive doubling (MPICH2: ceil(log2 n) steps; each rank
// keeps the partial result of the ranks it has heard from and combines, lower ranks on the left).

#include "algorithms.hpp"
#include "collective_run.hpp"

namespace xo::mpi {

void scan_linear(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  run.recv = run.send;
  if (run.rank > 0) {
    std::vector<std::byte> below(run.send.size());
    run.recv_from(below.data(), bytes, run.rank - 1);
    run.combine(below.data(), run.recv.data(), run.count);
  }
  if (run.rank + 1 < run.size) run.send_to(run.recv.data(), bytes, run.rank + 1);
}

void scan_recursive_doubling(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  run.recv = run.send;                 // the prefix up to this rank
  std::vector<std::byte> partial = run.send;  // everything heard so far, this rank's block on the right
  std::vector<std::byte> theirs(run.send.size());
  for (int mask = 1; mask < run.size; mask *= 2) {
    const int partner = run.rank ^ mask;
    if (partner >= run.size) continue;
    run.exchange(partial.data(), bytes, partner, theirs.data(), bytes, partner);
    if (partner < run.rank) {
      run.combine(theirs.data(), partial.data(), run.count);
      run.combine(theirs.data(), run.recv.data(), run.count);
    } else {
      run.combine(partial.data(), theirs.data(), run.count);
      partial.swap(theirs);
    }
  }
}

}  // namespace xo::mpi
