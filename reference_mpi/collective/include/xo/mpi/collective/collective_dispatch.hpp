#pragma once
// Runs a collective call: asks the machine which algorithm of the collective table serves it (a knob
// may force one; hw::Machine::collective falls back when the forced one cannot serve the call), and
// runs that algorithm's function.

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

// The query describing `run` to the machine.
hw::CollectiveQuery describe(const CollectiveRun& run);
// Chooses and runs the algorithm of run.op.
void run_collective(CollectiveRun& run);
// Runs another collective on the same data inside `run` (allreduce as reduce then bcast).
void run_nested(CollectiveRun& run, hw::CollectiveOp op);

}  // namespace xo::mpi
