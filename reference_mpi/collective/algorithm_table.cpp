// The reference MPI's column of the collective table: the function that runs each row's algorithm
// (hwmodels/include/xo/hwmodels/collective_table.def holds every other column). Expanded from the
// same file in the same order as hw::collective_table(), so a row's index there is its function's.

#include "algorithm_table.hpp"

#include <cassert>
#include <iterator>

#include "algorithms.hpp"
#include "xo/hwmodels/collective_table.hpp"

namespace xo::mpi {

namespace {

constexpr AlgorithmFunction kFunctions[] = {
#define XO_COLLECTIVE(op, algorithm, function, needs, last_resort, description) function,
#include "xo/hwmodels/collective_table.def"
};

}  // namespace

AlgorithmFunction implementation(hw::CollectiveOp op, hw::Algorithm algorithm) {
  assert(hw::collective_table().size() == std::size(kFunctions));
  const hw::CollectiveAlgorithm* row = hw::find_collective_algorithm(op, algorithm);
  return row != nullptr ? kFunctions[row - hw::collective_table().data()] : nullptr;
}

}  // namespace xo::mpi
