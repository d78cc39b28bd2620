// Thread support: MPI_Init_thread provides min(required, MPI_THREAD_FUNNELED); MPI_Query_thread
// and MPI_Is_thread_main answer for the main thread; an MPI call from another OS thread ends the
// run with one message naming the call, not a crash or a wrong diagnosis.

#include <gtest/gtest.h>
#include <mpi.h>

#include <thread>
#include <vector>

#include "xo/reference_mpi/simulation.hpp"

namespace {

xo::mpi::SimulationOptions options(int ranks) {
  xo::mpi::SimulationOptions o;
  o.ranks = ranks;
  o.env_lookup = [](const char*) -> const char* { return nullptr; };
  return o;
}

}  // namespace

TEST(Threads, ProvidedIsRequiredCappedAtFunneled) {
  const std::vector<int> required{MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED, MPI_THREAD_MULTIPLE};
  std::vector<int> provided(4, -1), queried(4, -1), is_main(4, -1);
  auto result = xo::mpi::run_simulation(options(4), [&](int argc, char** argv) {
    int rank = 0;
    // Every rank asks for another level; the rank is only known after initialization.
    static int next = 0;
    const int mine = next++;
    int got = -1;
    MPI_Init_thread(&argc, &argv, required[static_cast<std::size_t>(mine)], &got);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    provided[static_cast<std::size_t>(mine)] = got;
    MPI_Query_thread(&queried[static_cast<std::size_t>(mine)]);
    MPI_Is_thread_main(&is_main[static_cast<std::size_t>(mine)]);
    MPI_Finalize();
    return 0;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const std::vector<int> expected{MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_FUNNELED, MPI_THREAD_FUNNELED};
  EXPECT_EQ(provided, expected);
  EXPECT_EQ(queried, expected);
  EXPECT_EQ(is_main, (std::vector<int>(4, 1)));
}

TEST(Threads, InitThreadRefusesAnUnknownLevelAndASecondInit) {
  std::vector<int> codes;
  auto result = xo::mpi::run_simulation(options(1), [&](int argc, char** argv) {
    int provided = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    codes.push_back(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided));
    codes.push_back(MPI_Init_thread(&argc, &argv, 17, &provided));
    MPI_Query_thread(&provided);
    codes.push_back(provided);  // plain MPI_Init: MPI_THREAD_SINGLE
    MPI_Finalize();
    return 0;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_OTHER, MPI_ERR_ARG, MPI_THREAD_SINGLE}));
}

TEST(Threads, IsThreadMainIsFalseOnAnotherThread) {
  int other = -1;
  int code = -1;
  auto result = xo::mpi::run_simulation(options(1), [&](int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    std::thread worker([&] { code = MPI_Is_thread_main(&other); });
    worker.join();
    MPI_Finalize();
    return 0;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(code, MPI_SUCCESS);
  EXPECT_EQ(other, 0);
}

TEST(ThreadsDeathTest, CallFromAnotherThreadIsOneClearFatalError) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        xo::mpi::run_simulation(options(2), [&](int argc, char** argv) {
          int provided = 0;
          MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
          int rank = 0;
          MPI_Comm_rank(MPI_COMM_WORLD, &rank);
          if (rank == 1) {
            std::thread worker([] {
              int v = 1;
              MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
            });
            worker.join();
          }
          MPI_Finalize();
          return 0;
        });
      },
      ::testing::ExitedWithCode(1),
      "MPI_Send was called from a thread other than the main thread; only the main thread may call MPI "
      "\\(the reference MPI provides MPI_THREAD_FUNNELED\\)");
}
