// Nonblocking completion: the Wait and Test families, cancellation and request freeing.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Completion, WaitallCompletesEveryRequestAndNullsTheHandles) {
  std::vector<int> got(4, -1);
  auto result = simulate(4, [&](int rank, int size) {
    if (rank == 0) {
      std::vector<MPI_Request> r(static_cast<std::size_t>(size - 1));
      for (int p = 1; p < size; ++p) {
        MPI_Irecv(&got[static_cast<std::size_t>(p)], 1, MPI_INT, p, 0, MPI_COMM_WORLD,
                  &r[static_cast<std::size_t>(p - 1)]);
      }
      std::vector<MPI_Status> statuses(r.size());
      MPI_Waitall(size - 1, r.data(), statuses.data());
      for (std::size_t i = 0; i < r.size(); ++i) {
        EXPECT_EQ(r[i], MPI_REQUEST_NULL);
        EXPECT_EQ(statuses[i].MPI_SOURCE, static_cast<int>(i) + 1);
      }
    } else {
      int v = rank * rank;
      MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{-1, 1, 4, 9}));
}

TEST(Completion, WaitanyReturnsRequestsInCompletionOrder) {
  // Rank 3's message is small and sent first in virtual time; rank 1's is large (rendezvous).
  std::vector<int> order;
  auto result = simulate(4, [&](int rank, int) {
    std::vector<char> big(1 << 20);
    if (rank == 0) {
      std::vector<char> b1(1 << 20), b2(16), b3(16);
      MPI_Request r[3];
      MPI_Irecv(b1.data(), 1 << 20, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Irecv(b2.data(), 16, MPI_CHAR, 2, 0, MPI_COMM_WORLD, &r[1]);
      MPI_Irecv(b3.data(), 16, MPI_CHAR, 3, 0, MPI_COMM_WORLD, &r[2]);
      for (int i = 0; i < 3; ++i) {
        int index = -1;
        MPI_Waitany(3, r, &index, MPI_STATUS_IGNORE);
        order.push_back(index);
      }
      int index = 0;
      MPI_Waitany(3, r, &index, MPI_STATUS_IGNORE);
      EXPECT_EQ(index, MPI_UNDEFINED);
    } else if (rank == 1) {
      MPI_Send(big.data(), 1 << 20, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
      int flag = 0;
      for (int i = 0; i < 20; ++i) MPI_Iprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
      MPI_Send(big.data(), 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    } else {
      MPI_Send(big.data(), 16, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(order, (std::vector<int>{2, 1, 0}));
}

TEST(Completion, TestsomeAndTestanyReportOnlyFinishedRequests) {
  int first_outcount = -1;
  int total = 0;
  auto result = simulate(3, [&](int rank, int) {
    int v = rank;
    if (rank == 0) {
      int a = 0, b = 0;
      MPI_Request r[2];
      MPI_Irecv(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Irecv(&b, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
      int indices[2];
      MPI_Testsome(2, r, &first_outcount, indices, MPI_STATUSES_IGNORE);
      while (total < 2) {
        int out = 0;
        MPI_Testsome(2, r, &out, indices, MPI_STATUSES_IGNORE);
        if (out != MPI_UNDEFINED) total += out;
      }
      int index = 0, flag = 0;
      MPI_Testany(2, r, &index, &flag, MPI_STATUS_IGNORE);
      EXPECT_EQ(flag, 1);
      EXPECT_EQ(index, MPI_UNDEFINED);
      EXPECT_EQ(a + b, 3);
    } else {
      MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(first_outcount, 0);
  EXPECT_EQ(total, 2);
}

TEST(Completion, CancelledReceiveCompletesAndReportsCancelled) {
  int cancelled = 0;
  auto result = simulate(1, [&](int, int) {
    int v = 0;
    MPI_Request r;
    MPI_Irecv(&v, 1, MPI_INT, 0, 42, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Status status;
    MPI_Wait(&r, &status);
    MPI_Test_cancelled(&status, &cancelled);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(cancelled, 1);
}

TEST(Completion, FreedRequestStillDeliversItsMessage) {
  int got = 0;
  auto result = simulate(2, [&](int rank, int) {
    int v = 77;
    if (rank == 0) {
      MPI_Request r;
      MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
      MPI_Request_free(&r);
      EXPECT_EQ(r, MPI_REQUEST_NULL);
    } else {
      MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, 77);
}

TEST(Completion, WaitOnNullRequestGivesAnEmptyStatus) {
  MPI_Status status{};
  auto result = simulate(1, [&](int, int) {
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Wait(&r, &status);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(status.MPI_SOURCE, MPI_ANY_SOURCE);
  EXPECT_EQ(status.MPI_TAG, MPI_ANY_TAG);
}

TEST(Completion, RanksBlockedInWaitallAtTheSameTimeKeepTheirOwnRequests) {
  // Regression: the request list of a rank blocked in MPI_Waitall lived in a thread_local buffer,
  // which the next rank's MPI_Waitall overwrote (all ranks share one thread).
  std::vector<int> got(4, -1);
  auto result = simulate(3, [&](int rank, int) {
    if (rank < 2) {
      MPI_Request r[2];
      MPI_Irecv(&got[static_cast<std::size_t>(2 * rank)], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Irecv(&got[static_cast<std::size_t>(2 * rank + 1)], 1, MPI_INT, 2, 1, MPI_COMM_WORLD, &r[1]);
      MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    } else {
      for (int tag = 0; tag < 2; ++tag) {
        for (int dest = 0; dest < 2; ++dest) {
          int v = 10 * dest + tag;
          MPI_Send(&v, 1, MPI_INT, dest, tag, MPI_COMM_WORLD);
        }
      }
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{0, 1, 10, 11}));
}

// MPI-3.1 section 3.2.5: a successful single-request call leaves the status's error field alone.
TEST(Completion, ASuccessfulSingleRequestCallLeavesTheErrorField) {
  std::vector<int> fields;
  auto result = xo::test::simulate(2, [&](int rank, int) {
    int value = rank;
    if (rank == 0) {
      MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Send(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
      return;
    }
    MPI_Status status;
    status.MPI_ERROR = MPI_ERR_DIMS;
    MPI_Probe(0, 0, MPI_COMM_WORLD, &status);
    fields.push_back(status.MPI_ERROR);
    MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
    fields.push_back(status.MPI_ERROR);
    MPI_Request request;
    MPI_Irecv(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, &status);
    fields.push_back(status.MPI_ERROR);
    MPI_Recv(&value, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status);
    fields.push_back(status.MPI_ERROR);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(fields, std::vector<int>(4, MPI_ERR_DIMS));
}
