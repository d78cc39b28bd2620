// MPI-4 persistent collectives: each start runs the collective with the buffers' present contents,
// starts match by init order whatever order the ranks start them in, Startall starts several, and
// the request is inactive (Wait passes over it) between starts.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(PersistentCollectives, EachStartRunsTheCollectiveWithTheBuffersAsTheyAreThen) {
  const int n = 5;
  std::vector<std::vector<long>> sums(n);
  std::vector<std::vector<int>> broadcasts(n);
  auto result = simulate(n, "xe6", [&](int rank, int size) {
    long value = 0, sum = 0;
    int token = -1;
    MPI_Request r[2];
    MPI_Allreduce_init(&value, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]);
    MPI_Bcast_init(&token, 1, MPI_INT, size - 1, MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]);
    for (int round = 1; round <= 3; ++round) {
      value = static_cast<long>(round) * (rank + 1);
      if (rank == size - 1) token = 100 + round;
      MPI_Startall(2, r);
      MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
      sums[static_cast<std::size_t>(rank)].push_back(sum);
      broadcasts[static_cast<std::size_t>(rank)].push_back(token);
    }
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);  // inactive: returns at once
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    EXPECT_EQ(sums[static_cast<std::size_t>(r)], (std::vector<long>{15, 30, 45})) << "rank " << r;
    EXPECT_EQ(broadcasts[static_cast<std::size_t>(r)], (std::vector<int>{101, 102, 103})) << "rank " << r;
  }
}

TEST(PersistentCollectives, StartsMatchByInitOrderNotStartOrder) {
  const int n = 4;
  std::vector<int> got(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    int a = -1;
    MPI_Request r[2];
    MPI_Bcast_init(&a, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]);
    if (rank == 0) {
      a = 42;
      MPI_Start(&r[0]);
      MPI_Start(&r[1]);
    } else {
      MPI_Start(&r[1]);
      MPI_Start(&r[0]);
    }
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    got[static_cast<std::size_t>(rank)] = a;
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, std::vector<int>(n, 42));
}

TEST(PersistentCollectives, StartingAnActiveOneIsAnError) {
  int error_class = MPI_SUCCESS;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Request r;
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    MPI_Start(&r);
    if (rank == 0) MPI_Error_class(MPI_Start(&r), &error_class);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_free(&r);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(error_class, MPI_ERR_REQUEST);
}
