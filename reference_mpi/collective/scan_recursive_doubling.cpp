// Scan by recursive doubling (MPICH2): ceil(log2 n) exchanges; each rank keeps the partial result
// of the ranks it has heard from and combines, lower ranks on the left. For MPI_Exscan
// (run.exclusive) the rank's own vector is kept apart from its result.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

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
