// Smoke test of the collectives on every machine: results against values computed here.
#include <gtest/gtest.h>
#include <mpi.h>

#include <numeric>
#include <string>
#include <vector>

#include "phase_run.hpp"

namespace {

class CollectivesOnEveryMachine : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(CollectivesOnEveryMachine, ComputeWhatTheStandardSays) {
  const auto [machine, n] = GetParam();
  std::vector<int> ok(static_cast<std::size_t>(n), 0);
  const auto run = xo::test::run_on(machine, n, {}, [&, n = n](int rank) {
    int good = 1;
    MPI_Barrier(MPI_COMM_WORLD);
    const int root = n - 1;
    std::vector<double> v(300, rank == root ? 2.5 : 0.0);
    MPI_Bcast(v.data(), 300, MPI_DOUBLE, root, MPI_COMM_WORLD);
    good &= v[299] == 2.5;
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    good &= sum == n * (n - 1) / 2;
    std::vector<long> big(5000, rank), big_sum(5000);
    MPI_Allreduce(big.data(), big_sum.data(), 5000, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    good &= big_sum[4999] == static_cast<long>(n) * (n - 1) / 2;
    std::vector<int> all(static_cast<std::size_t>(n));
    MPI_Gather(&rank, 1, MPI_INT, all.data(), 1, MPI_INT, root, MPI_COMM_WORLD);
    if (rank == root)
      for (int i = 0; i < n; ++i) good &= all[static_cast<std::size_t>(i)] == i;
    int mine = -1;
    std::vector<int> src(static_cast<std::size_t>(n));
    std::iota(src.begin(), src.end(), 100);
    MPI_Scatter(src.data(), 1, MPI_INT, &mine, 1, MPI_INT, root, MPI_COMM_WORLD);
    good &= mine == 100 + rank;
    MPI_Allgather(&rank, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) good &= all[static_cast<std::size_t>(i)] == i;
    std::vector<int> to(static_cast<std::size_t>(n)), from(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) to[static_cast<std::size_t>(i)] = rank * 1000 + i;
    MPI_Alltoall(to.data(), 1, MPI_INT, from.data(), 1, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i) good &= from[static_cast<std::size_t>(i)] == i * 1000 + rank;
    int prefix = 0;
    MPI_Scan(&rank, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    good &= prefix == rank * (rank + 1) / 2;
    int maximum = 0;
    MPI_Reduce(&rank, &maximum, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) good &= maximum == n - 1;
    std::vector<int> counts(static_cast<std::size_t>(n), 2), contrib(static_cast<std::size_t>(2 * n), 1);
    int part[2] = {0, 0};
    MPI_Reduce_scatter(contrib.data(), part, counts.data(), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    good &= part[0] == n && part[1] == n;
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    int hs = 0;
    MPI_Allreduce(&rank, &hs, 1, MPI_INT, MPI_SUM, half);
    int expect = 0;
    for (int r = rank % 2; r < n; r += 2) expect += r;
    good &= hs == expect;
    MPI_Barrier(half);
    MPI_Comm_free(&half);
    ok[static_cast<std::size_t>(rank)] = good;
  });
  EXPECT_EQ(run.result.exit_code, 0) << run.result.error;
  for (int r = 0; r < n; ++r) EXPECT_EQ(ok[static_cast<std::size_t>(r)], 1) << machine << " rank " << r;
}

INSTANTIATE_TEST_SUITE_P(Machines, CollectivesOnEveryMachine,
                         ::testing::Combine(::testing::Values("loggp", "ap1000", "t3d", "t3e", "x1", "power4", "sx6",
                                                              "xt3", "xe6"),
                                            ::testing::Values(1, 2, 5, 8, 12)));

}  // namespace
