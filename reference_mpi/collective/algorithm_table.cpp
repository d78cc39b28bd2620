// The reference MPI's column of the collective table: the function that runs each row's algorithm
// (hwmodels/include/xo/hwmodels/collective_table.def holds every other column).

#include "algorithm_table.hpp"

#include "algorithms.hpp"

namespace xo::mpi {

namespace {

struct Implementation {
  hw::CollectiveOp op;
  hw::Algorithm algorithm;
  AlgorithmFunction run;
};

constexpr Implementation kImplementations[] = {
#define XO_COLLECTIVE(op, algorithm, function, needs, last_resort, description) \
  Implementation{hw::CollectiveOp::op, hw::Algorithm::algorithm, function},
#include "xo/hwmodels/collective_table.def"
};

}  // namespace

AlgorithmFunction implementation(hw::CollectiveOp op, hw::Algorithm algorithm) {
  for (const Implementation& i : kImplementations) {
    if (i.op == op && i.algorithm == algorithm) return i.run;
  }
  return nullptr;
}

}  // namespace xo::mpi
