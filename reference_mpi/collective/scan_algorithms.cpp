// Scan: a chain (each rank waits for the prefix of the ranks below, combines its own vector and
// passes the result up: n-1 steps) or recursive doubling (MPICH2: ceil(log2 n) steps; each rank
// keeps the partial result of the ranks it has heard from and combines, lower ranks on the left).
// Both serve MPI_Exscan too (run.exclusive): the result then leaves out the rank's own vector,
// which the chain already passes up and recursive doubling keeps apart.

#include "algorithms.hpp"
#include "collective_run.hpp"

namespace xo::mpi {

void scan_linear(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  if (run.exclusive) {
    // The prefix of the ranks below arrives in `recv`; what goes up adds this rank's vector on the right.
    std::vector<std::byte> up = run.send;
    if (run.rank > 0) {
      run.recv_from(run.recv.data(), bytes, run.rank - 1);
      if (run.rank + 1 < run.size) run.combine(run.recv.data(), up.data(), run.count);
    }
    if (run.rank + 1 < run.size) run.send_to(up.data(), bytes, run.rank + 1);
    return;
  }
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
  // The prefix up to this rank (exclusive: below it; nothing yet until a lower partner is heard).
  bool have_prefix = !run.exclusive;
  if (have_prefix) run.recv = run.send;
  std::vector<std::byte> partial = run.send;  // everything heard so far, this rank's block on the right
  std::vector<std::byte> theirs(run.send.size());
  for (int mask = 1; mask < run.size; mask *= 2) {
    const int partner = run.rank ^ mask;
    if (partner >= run.size) continue;
    run.exchange(partial.data(), bytes, partner, theirs.data(), bytes, partner);
    if (partner < run.rank) {
      run.combine(theirs.data(), partial.data(), run.count);
      if (have_prefix) {
        run.combine(theirs.data(), run.recv.data(), run.count);
      } else {
        run.recv = theirs;
        have_prefix = true;
      }
    } else {
      run.combine(partial.data(), theirs.data(), run.count);
      partial.swap(theirs);
    }
  }
}

}  // namespace xo::mpi
