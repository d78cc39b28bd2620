// Send modes: synchronous sends complete only after the match, standard eager sends before it,
// buffered sends use the attached buffer and fail cleanly when it is exhausted.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::now_us;
using xo::test::simulate;

namespace {
// Rank 1 posts its receive only after a round trip with rank 2 that takes `delay` microseconds
// of virtual time at least; returns (time rank 0's send returned, time rank 1 posted the receive).
std::pair<double, double> send_then_late_receive(int (*send)(const void*, int, MPI_Datatype, int, int, MPI_Comm)) {
  double send_done = 0;
  double recv_posted = 0;
  auto result = simulate(3, [&](int rank, int) {
    int v = 1;
    if (rank == 0) {
      send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      send_done = now_us();
    } else if (rank == 1) {
      for (int i = 0; i < 10; ++i) {
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
      recv_posted = now_us();
      MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      for (int i = 0; i < 10; ++i) {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      }
    }
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return {send_done, recv_posted};
}
}  // namespace

TEST(SendModes, SsendCompletesOnlyAfterTheReceiverMatches) {
  const auto [send_done, recv_posted] = send_then_late_receive(&MPI_Ssend);
  EXPECT_GT(recv_posted, 0);
  EXPECT_GT(send_done, recv_posted);
}

TEST(SendModes, SmallStandardSendCompletesBeforeTheMatch) {
  const auto [send_done, recv_posted] = send_then_late_receive(&MPI_Send);
  EXPECT_LT(send_done, recv_posted);
}

TEST(SendModes, IssendTestIsFalseUntilMatched) {
  int tests_before_match = 0;
  auto result = simulate(2, [&](int rank, int) {
    int v = 3;
    if (rank == 0) {
      MPI_Request r;
      MPI_Issend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
      int flag = 0;
      while (!flag) {
        MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
        tests_before_match += flag ? 0 : 1;
      }
      EXPECT_EQ(r, MPI_REQUEST_NULL);
    } else {
      for (int i = 0; i < 50; ++i) {
        int flag = 0;
        MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);  // burn virtual time
      }
      MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GT(tests_before_match, 10);
}

TEST(SendModes, BsendUsesTheAttachedBufferAndDetachReturnsIt) {
  std::vector<int> got(3, 0);
  void* detached = nullptr;
  int detached_size = 0;
  std::vector<char> space(3 * (sizeof(int) + MPI_BSEND_OVERHEAD));
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      MPI_Buffer_attach(space.data(), static_cast<int>(space.size()));
      for (int i = 0; i < 3; ++i) {
        int v = 10 + i;
        EXPECT_EQ(MPI_Bsend(&v, 1, MPI_INT, 1, i, MPI_COMM_WORLD), MPI_SUCCESS);
      }
      MPI_Buffer_detach(&detached, &detached_size);
    } else {
      for (int i = 2; i >= 0; --i)
        MPI_Recv(&got[static_cast<std::size_t>(i)], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{10, 11, 12}));
  EXPECT_EQ(detached, space.data());
  EXPECT_EQ(detached_size, static_cast<int>(space.size()));
}

TEST(SendModes, BsendBeyondTheAttachedBufferIsAnErrBuffer) {
  int code = MPI_SUCCESS;
  int no_buffer_code = MPI_SUCCESS;
  std::vector<char> space(100 + MPI_BSEND_OVERHEAD);
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::vector<char> data(200, 'x');
    if (rank == 0) {
      no_buffer_code = MPI_Bsend(data.data(), 10, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      MPI_Buffer_attach(space.data(), static_cast<int>(space.size()));
      code = MPI_Bsend(data.data(), 200, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      EXPECT_EQ(MPI_Bsend(data.data(), 100, MPI_CHAR, 1, 0, MPI_COMM_WORLD), MPI_SUCCESS);
      void* p;
      int n;
      MPI_Buffer_detach(&p, &n);
    } else {
      MPI_Recv(data.data(), 200, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(code, MPI_ERR_BUFFER);
  EXPECT_EQ(no_buffer_code, MPI_ERR_BUFFER);
}

TEST(SendModes, BsendExhaustionIsFatalByDefaultWithAClearMessage) {
  std::vector<char> space(64 + MPI_BSEND_OVERHEAD);
  auto result = simulate(2, [&](int rank, int) {
    std::vector<char> data(1000, 'x');
    if (rank == 0) {
      MPI_Buffer_attach(space.data(), static_cast<int>(space.size()));
      MPI_Bsend(data.data(), 1000, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else {
      MPI_Recv(data.data(), 1000, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Bsend"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_ERR_BUFFER"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("attach a larger buffer"), std::string::npos) << result.error;
}

TEST(SendModes, SendrecvReplaceSwapsAroundARing) {
  std::vector<int> got(5, -1);
  auto result = simulate(5, [&](int rank, int size) {
    int v = rank * 100;
    MPI_Sendrecv_replace(&v, 1, MPI_INT, (rank + 1) % size, 0, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
    got[static_cast<std::size_t>(rank)] = v;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{400, 0, 100, 200, 300}));
}
