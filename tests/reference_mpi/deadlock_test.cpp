// Deadlock detection: when no rank can progress, every blocked rank is listed with its call,
// peer, tag and communicator, and the run fails.

#include <gtest/gtest.h>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Deadlock, TwoReceivesWaitingForEachOther) {
  auto result = simulate(2, [&](int rank, int) {
    int v = 0;
    MPI_Recv(&v, 1, MPI_INT, 1 - rank, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("deadlock"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("rank 0 at t="), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_Recv from rank 1 (tag 4) on MPI_COMM_WORLD"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_Recv from rank 0 (tag 4) on MPI_COMM_WORLD"), std::string::npos) << result.error;
}

TEST(Deadlock, LargeSendsWithoutReceivesAndAFinishedRank) {
  // Rendezvous sends cannot complete without a receive; rank 2 finishes normally.
  auto result = simulate(3, [&](int rank, int) {
    std::vector<char> big(1 << 20);
    if (rank < 2) MPI_Send(big.data(), 1 << 20, MPI_CHAR, 1 - rank, 9, MPI_COMM_WORLD);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("2 of 3 ranks are blocked"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_Send to rank 1 (tag 9, 1048576 bytes"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("(1 ranks had already finished)"), std::string::npos) << result.error;
}

TEST(Deadlock, WildcardProbeAndSplitCommunicator) {
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &half);
    if (rank == 0) {
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, half, MPI_STATUS_IGNORE);
    } else {
      int v;
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 2, half, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Probe waiting for a message from any rank (MPI_ANY_SOURCE) (any tag) on split "
                              "of MPI_COMM_WORLD (color 0)"),
            std::string::npos)
      << result.error;
  EXPECT_NE(result.error.find("MPI_Recv from any rank (MPI_ANY_SOURCE) (tag 2)"), std::string::npos) << result.error;
}

TEST(Deadlock, CommunicatorConstructionMissingAMember) {
  auto result = simulate(3, [&](int rank, int) {
    if (rank == 2) return;
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Comm_dup on MPI_COMM_WORLD, waiting for 1 more of its 3 ranks"),
            std::string::npos)
      << result.error;
}
