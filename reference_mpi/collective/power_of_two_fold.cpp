#include "power_of_two_fold.hpp"

#include "tree_shape.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

Fold fold_to_power_of_two(CollectiveRun& run, std::vector<std::byte>& data) {
  Fold fold;
  fold.pof2 = largest_power_of_two_at_most(run.size);
  fold.rem = run.size - fold.pof2;
  const auto bytes = static_cast<std::int64_t>(data.size());
  if (run.rank < 2 * fold.rem) {
    if (run.rank % 2 == 0) {
      run.send_to(data.data(), bytes, run.rank + 1);
      return fold;
    }
    std::vector<std::byte> lower(data.size());
    run.recv_from(lower.data(), bytes, run.rank - 1);
    run.combine(lower.data(), data.data(), run.count);  // the lower rank is the left operand
    fold.new_rank = run.rank / 2;
  } else {
    fold.new_rank = run.rank - fold.rem;
  }
  return fold;
}

void unfold(CollectiveRun& run, const Fold& fold, std::vector<std::byte>& data) {
  if (run.rank >= 2 * fold.rem) return;
  const auto bytes = static_cast<std::int64_t>(data.size());
  if (run.rank % 2 == 0) {
    run.recv_from(data.data(), bytes, run.rank + 1);
  } else {
    run.send_to(data.data(), bytes, run.rank - 1);
  }
}

}  // namespace xo::mpi
