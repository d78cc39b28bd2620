#pragma once
// Runs a collective call: asks the machine for an algorithm (a knob may force one), checks that the
// algorithm can serve this call (hardware present, whole machine, power-of-two size, commutative
// operation, ...), falls back to the machine's own choice and then to a software algorithm that
// serves every call, and runs it.

#include <span>

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

using AlgorithmFunction = void (*)(CollectiveRun&);
// Whether an algorithm can serve a call. The query is the same at every member, so all agree.
using AlgorithmServes = bool (*)(const CollectiveRun&, const hw::CollectiveQuery&);

struct AlgorithmEntry {
  hw::CollectiveOp op;
  hw::Algorithm algorithm;
  AlgorithmFunction run;
  AlgorithmServes serves;  // nullptr: serves every call
};

std::span<const AlgorithmEntry> algorithm_table();
const AlgorithmEntry* find_algorithm(hw::CollectiveOp op, hw::Algorithm algorithm);

// The query describing `run` to the machine.
hw::CollectiveQuery describe(const CollectiveRun& run);
// Chooses and runs the algorithm of run.op.
void run_collective(CollectiveRun& run);
// Runs another collective on the same data inside `run` (allreduce as reduce then bcast).
void run_nested(CollectiveRun& run, hw::CollectiveOp op);

}  // namespace xo::mpi
