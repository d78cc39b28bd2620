#pragma once
// The function that runs an algorithm of the collective table for one rank.

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

using AlgorithmFunction = void (*)(CollectiveRun&);

// The function of `algorithm` for `op`; nullptr if the table has no such row.
AlgorithmFunction implementation(hw::CollectiveOp op, hw::Algorithm algorithm);

}  // namespace xo::mpi
