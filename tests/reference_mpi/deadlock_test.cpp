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
  EXPECT_NE(result.error.find("MPI_Comm_dup on MPI_COMM_WORLD, waiting for 1 more of its 3 ranks"), std::string::npos)
      << result.error;
}

TEST(Deadlock, CollectiveMissingAMemberNamesTheRankItWaitsFor) {
  auto result = simulate(3, [&](int rank, int) {
    if (rank == 0) {
      MPI_Barrier(MPI_COMM_WORLD);  // MPICH2's dissemination on loggp: point-to-point steps inside
    } else {
      int v = 0;
      MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Barrier waiting for: rank 2 of MPI_COMM_WORLD to take part"), std::string::npos)
      << result.error;
  EXPECT_EQ(result.error.find("tag 0"), std::string::npos) << "internal tags are not the user's: " << result.error;
  EXPECT_NE(result.error.find("every rank of a communicator calls its collectives"), std::string::npos) << result.error;
}

// Collectives that do not match between ranks stop the run with an error naming both calls, on
// hardware paths (the X1's gps structures) as on message-based ones, where a real MPI would hang
// or deliver garbage.
TEST(CollectiveMismatch, DifferentOperationsRootsAndSizesAreErrors) {
  for (const char* machine : {"loggp", "x1", "ap1000"}) {
    auto ops = simulate(3, machine, [&](int rank, int) {
      int x = 0, y = 0;
      if (rank == 0) {
        MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
      } else {
        MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      }
    });
    EXPECT_NE(ops.exit_code, 0) << machine;
    EXPECT_NE(ops.error.find("rank 1: MPI_Allreduce: rank 0 called MPI_Bcast here (collective call 1 on "
                             "MPI_COMM_WORLD); every rank must call "
                             "the same collectives in the same order"),
              std::string::npos)
        << machine << ": " << ops.error;
    auto roots = simulate(3, machine, [&](int rank, int) {
      int x = 0;
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Bcast(&x, 1, MPI_INT, rank == 2 ? 1 : 0, MPI_COMM_WORLD);
    });
    EXPECT_NE(roots.error.find("rank 2 passed root 1, this rank 0 (collective call 2 on MPI_COMM_WORLD)"),
              std::string::npos)
        << machine << ": " << roots.error;
    auto sizes = simulate(3, machine, [&](int rank, int) {
      double v[2] = {0, 0};
      MPI_Bcast(v, rank == 1 ? 2 : 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    });
    EXPECT_NE(sizes.error.find("passed 8 bytes per rank, this rank 16"), std::string::npos)
        << machine << ": " << sizes.error;
  }
  // The same data in different datatypes is fine, and so are v-variants with differing counts.
  auto fine = simulate(2, [&](int rank, int) {
    int v[2] = {rank, rank};
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    if (rank == 0) {
      MPI_Bcast(v, 1, pair, 0, MPI_COMM_WORLD);
    } else {
      MPI_Bcast(v, 2, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Type_free(&pair);
    int counts[2] = {1, 2}, displs[2] = {0, 1}, all[3];
    MPI_Allgatherv(v, counts[rank], MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
  });
  EXPECT_EQ(fine.exit_code, 0) << fine.error;
}
