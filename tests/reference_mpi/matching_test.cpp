// Matching rules: non-overtaking per (source, tag, communicator), wildcards take the earliest
// arrival, probes see the envelope, and communicators never cross-match.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Matching, MessagesFromOneSourceArriveInSendOrderAcrossProtocols) {
  // A large (rendezvous) message followed by small (eager) ones with the same tag must still be
  // received first.
  std::vector<int> firsts;
  auto result = simulate(2, [&](int rank, int) {
    std::vector<int> big(100000, 0);
    int small = 0;
    if (rank == 0) {
      big[0] = 1;
      MPI_Request r[3];
      MPI_Isend(big.data(), 100000, MPI_INT, 1, 7, MPI_COMM_WORLD, &r[0]);
      small = 2;
      MPI_Isend(&small, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r[1]);
      int small3 = 3;
      MPI_Isend(&small3, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r[2]);
      MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
    } else {
      for (int i = 0; i < 3; ++i) {
        MPI_Status status;
        MPI_Recv(big.data(), 100000, MPI_INT, 0, 7, MPI_COMM_WORLD, &status);
        firsts.push_back(big[0]);
      }
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(firsts, (std::vector<int>{1, 2, 3}));
}

TEST(Matching, WildcardReceiveTakesTheEarliestArrival) {
  // Rank 2 sends at once; rank 1 first does a round trip with rank 3, so its message is later in
  // virtual time although rank 1 runs first in host order.
  std::vector<int> sources;
  auto result = simulate(4, [&](int rank, int) {
    int value = rank;
    if (rank == 0) {
      for (int i = 0; i < 2; ++i) {
        MPI_Status status;
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        sources.push_back(status.MPI_SOURCE);
        EXPECT_EQ(value, status.MPI_SOURCE);
      }
    } else if (rank == 1) {
      MPI_Send(&value, 1, MPI_INT, 3, 0, MPI_COMM_WORLD);
      MPI_Recv(&value, 1, MPI_INT, 3, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      value = 1;
      MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else if (rank == 2) {
      MPI_Send(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else {
      MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sources, (std::vector<int>{2, 1}));
}

TEST(Matching, TagSelectsAmongQueuedMessages) {
  std::vector<int> got;
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      for (int tag = 1; tag <= 3; ++tag) MPI_Send(&tag, 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
    } else {
      int v = 0;
      for (int tag : {3, 1, 2}) {
        MPI_Recv(&v, 1, MPI_INT, 0, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        got.push_back(v);
      }
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{3, 1, 2}));
}

TEST(Matching, ProbeReportsSourceTagAndSizeWithoutReceiving) {
  int probed_count = -1;
  int probed_source = -1;
  int received = 0;
  auto result = simulate(3, [&](int rank, int) {
    if (rank == 2) {
      std::vector<double> data(37, 2.5);
      MPI_Send(data.data(), 37, MPI_DOUBLE, 0, 11, MPI_COMM_WORLD);
    } else if (rank == 0) {
      MPI_Status status;
      MPI_Probe(MPI_ANY_SOURCE, 11, MPI_COMM_WORLD, &status);
      MPI_Get_count(&status, MPI_DOUBLE, &probed_count);
      probed_source = status.MPI_SOURCE;
      std::vector<double> data(static_cast<std::size_t>(probed_count));
      MPI_Recv(data.data(), probed_count, MPI_DOUBLE, status.MPI_SOURCE, 11, MPI_COMM_WORLD, &status);
      MPI_Get_count(&status, MPI_DOUBLE, &received);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(probed_count, 37);
  EXPECT_EQ(probed_source, 2);
  EXPECT_EQ(received, 37);
}

TEST(Matching, IprobeIsFalseUntilTheMessageArrives) {
  int polls = 0;
  auto result = simulate(2, [&](int rank, int) {
    int v = 5;
    if (rank == 0) {
      MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
      int flag = 0;
      while (!flag) {
        MPI_Iprobe(0, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        ++polls;
      }
      MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GT(polls, 1);  // the first poll happens before the message can have arrived
}

TEST(Matching, CommunicatorsNeverCrossMatch) {
  int on_dup = -1;
  int on_world = -1;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    if (rank == 0) {
      int a = 1;
      int b = 2;
      MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Send(&b, 1, MPI_INT, 1, 0, dup);
    } else {
      MPI_Recv(&on_dup, 1, MPI_INT, 0, 0, dup, MPI_STATUS_IGNORE);
      MPI_Recv(&on_world, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&dup);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(on_dup, 2);
  EXPECT_EQ(on_world, 1);
}

TEST(Matching, ProcNullCompletesAtOnce) {
  MPI_Status seen{};
  auto result = simulate(1, [&](int, int) {
    int v = 0;
    MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &seen);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(seen.MPI_SOURCE, MPI_PROC_NULL);
  EXPECT_EQ(seen.MPI_TAG, MPI_ANY_TAG);
}
