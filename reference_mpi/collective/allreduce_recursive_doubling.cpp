// Allreduce by recursive doubling (MPICH2 for short vectors and non-commutative operations): fold
// onto a power of two, then in step k swap the whole vector with the rank 2^k away and combine,
// the lower rank's vector on the left; unfold.

#include "algorithms.hpp"
#include "power_of_two_fold.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void allreduce_recursive_doubling(CollectiveRun& run) {
  std::vector<std::byte> acc = run.send;
  const Fold fold = fold_to_power_of_two(run, acc);
  if (fold.new_rank >= 0) {
    const auto bytes = static_cast<std::int64_t>(acc.size());
    std::vector<std::byte> theirs(acc.size());
    for (int mask = 1; mask < fold.pof2; mask *= 2) {
      const int partner = fold.new_rank ^ mask;
      run.exchange(acc.data(), bytes, fold.actual(partner), theirs.data(), bytes, fold.actual(partner));
      if (partner < fold.new_rank) {
        run.combine(theirs.data(), acc.data(), run.count);
      } else {
        run.combine(acc.data(), theirs.data(), run.count);
        acc.swap(theirs);
      }
    }
  }
  unfold(run, fold, acc);
  run.recv = std::move(acc);
}

}  // namespace xo::mpi
