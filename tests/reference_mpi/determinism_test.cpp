// Runs are reproducible: the same program, machine and settings give the same virtual times.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {
// A communication pattern with wildcards and mixed sizes, recording each rank's virtual clock and
// the order in which rank 0 saw its sources.
std::vector<double> run_pattern() {
  std::vector<double> trace;
  auto result = simulate(8, [&](int rank, int size) {
    std::vector<char> buf(20000);
    for (int round = 0; round < 5; ++round) {
      if (rank == 0) {
        for (int i = 1; i < size; ++i) {
          MPI_Status status;
          MPI_Recv(buf.data(), 20000, MPI_CHAR, MPI_ANY_SOURCE, round, MPI_COMM_WORLD, &status);
          trace.push_back(status.MPI_SOURCE);
          trace.push_back(MPI_Wtime());
        }
      } else {
        const int bytes = (rank * 7919 + round * 104729) % 20000;
        MPI_Send(buf.data(), bytes, MPI_CHAR, 0, round, MPI_COMM_WORLD);
      }
    }
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  trace.push_back(result.virtual_seconds);
  return trace;
}
}  // namespace

TEST(Determinism, TwoRunsGiveIdenticalVirtualTimes) {
  const auto first = run_pattern();
  const auto second = run_pattern();
  ASSERT_EQ(first.size(), 8u * 0 + 7 * 5 * 2 + 1);
  EXPECT_EQ(first, second);
}

TEST(PerRankMain, EachRankCanRunItsOwnEntryPoint) {
  // The hook for private globals: a launcher may give every rank its own copy of the program.
  std::vector<int> seen(3, -1);
  xo::mpi::SimulationOptions options;
  options.ranks = 3;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  auto result = xo::mpi::run_simulation(options, [&](int rank) -> xo::mpi::RankMain {
    return [&, rank](int argc, char** argv) {
      MPI_Init(&argc, &argv);
      int me = -1;
      MPI_Comm_rank(MPI_COMM_WORLD, &me);
      seen[static_cast<std::size_t>(me)] = rank * 10;
      MPI_Finalize();
      return 0;
    };
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(seen, (std::vector<int>{0, 10, 20}));
}
