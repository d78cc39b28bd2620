#pragma once
// Folding a communicator of any size onto a power of two, as MPICH2's recursive-doubling and
// Rabenseifner reductions do: of the first 2 * rem ranks (rem = n - 2^floor(log2 n)), each even
// rank hands its vector to the odd rank above it and sits out; the survivors are renumbered
// 0 .. 2^k - 1 in rank order, so non-commutative operations keep their order.

#include <vector>

namespace xo::mpi {

struct CollectiveRun;

struct Fold {
  int pof2 = 1;
  int rem = 0;
  int new_rank = -1;  // -1: this rank sat out
  int actual(int new_rank_of) const { return new_rank_of < rem ? new_rank_of * 2 + 1 : new_rank_of + rem; }
};

// Combines `data` (count elements) into the survivors; returns the fold for this rank.
Fold fold_to_power_of_two(CollectiveRun& run, std::vector<std::byte>& data);
// Survivors hand the result back to the ranks that sat out.
void unfold(CollectiveRun& run, const Fold& fold, std::vector<std::byte>& data);

}  // namespace xo::mpi
