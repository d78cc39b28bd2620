// The algorithm MPICH2's defaults pick, as the XT3 and XE6 models inherit them: the switch points
// of MPICH2 1.x (coll/allreduce.c, reduce.c) and the XT3 variables that move them.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "xo/hwmodels/collective.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace {

using xo::hw::CollectiveOp;
using xo::hw::CollectiveQuery;

std::unique_ptr<xo::hw::Machine> machine(const std::string& name, std::map<std::string, std::string> env = {}) {
  auto m = xo::hw::builtin_machines().create(name);
  m->resolve_env([&](const char* var) -> const char* {
    const auto it = env.find(var);
    return it == env.end() ? nullptr : it->second.c_str();
  });
  return m;
}

std::string chosen(const xo::hw::Machine& m, const CollectiveQuery& q) {
  return std::string(xo::hw::algorithm_name(m.collective(q).algorithm));
}

CollectiveQuery reduction(CollectiveOp op, int ranks, std::int64_t count, std::int64_t element_bytes) {
  CollectiveQuery q;
  q.op = op;
  q.ranks = ranks;
  q.count = count;
  q.bytes = count * element_bytes;
  q.total_bytes = q.bytes;
  return q;
}

// Rabenseifner needs an element for every rank of the power-of-two core (count >= pof2), not for
// every rank: 12 ranks have a core of 8. (loggp keeps MPICH2's defaults: Reduce is long above 2 KiB.)
TEST(Mpich2Choice, RabenseifnerFromOneElementPerPowerOfTwoRank) {
  auto mpich2 = machine("loggp");
  for (CollectiveOp op : {CollectiveOp::Allreduce, CollectiveOp::Reduce}) {
    const char* rabenseifner = op == CollectiveOp::Allreduce ? "reduce_scatter_allgather" : "reduce_scatter_gather";
    const char* short_algorithm = op == CollectiveOp::Allreduce ? "recursive_doubling" : "binomial";
    EXPECT_EQ(chosen(*mpich2, reduction(op, 12, 8, 512)), rabenseifner);     // 4 KiB, count = pof2
    EXPECT_EQ(chosen(*mpich2, reduction(op, 12, 7, 512)), short_algorithm);  // count < pof2
    EXPECT_EQ(chosen(*mpich2, reduction(op, 12, 256, 8)), short_algorithm);  // 2 KiB: short
    auto non_commutative = reduction(op, 12, 8, 512);
    non_commutative.commutative = false;
    EXPECT_EQ(chosen(*mpich2, non_commutative), short_algorithm);
  }
}

// MPICH_REDUCE_SHORT_MSG moves the Reduce switch point on the XT3 (seed 003).
TEST(Mpich2Choice, Xt3ReduceShortMessageVariableMovesTheSwitch) {
  const auto q = reduction(CollectiveOp::Reduce, 64, 1024, 8);  // 8 KiB
  EXPECT_EQ(chosen(*machine("xt3"), q), "binomial");            // default 64 KiB
  EXPECT_EQ(chosen(*machine("xt3", {{"MPICH_REDUCE_SHORT_MSG", "4096"}}), q), "reduce_scatter_gather");
}

}  // namespace
