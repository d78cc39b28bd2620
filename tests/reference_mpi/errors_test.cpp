// MPI usage errors: the standard error classes with MPI_ERRORS_RETURN, and one clear fatal
// message (call, rank, reason, fix) with the default MPI_ERRORS_ARE_FATAL.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Errors, InvalidArgumentsReturnTheirErrorClasses) {
  std::vector<int> codes;
  auto result = simulate(4, [&](int rank, int) {
    if (rank != 0) return;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int v = 0;
    codes.push_back(MPI_Send(&v, 1, MPI_INT, 7, 0, MPI_COMM_WORLD));
    codes.push_back(MPI_Send(&v, 1, MPI_INT, 1, -5, MPI_COMM_WORLD));
    codes.push_back(MPI_Send(&v, -1, MPI_INT, 1, 0, MPI_COMM_WORLD));
    codes.push_back(MPI_Send(&v, 1, 9999, 1, 0, MPI_COMM_WORLD));
    codes.push_back(MPI_Send(&v, 1, MPI_INT, 1, 0, 12345));
    codes.push_back(MPI_Recv(&v, 1, MPI_INT, -7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    MPI_Request bogus = 4242;
    codes.push_back(MPI_Wait(&bogus, MPI_STATUS_IGNORE));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_RANK, MPI_ERR_TAG, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_COMM, MPI_ERR_RANK,
                                     MPI_ERR_REQUEST}));
}

TEST(Errors, FatalErrorNamesCallRankReasonAndFix) {
  auto result = simulate(4, [&](int rank, int) {
    int v = 0;
    if (rank == 2) MPI_Send(&v, 1, MPI_INT, 9, 0, MPI_COMM_WORLD);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 2: MPI_Send: destination rank 9 does not exist: MPI_COMM_WORLD has 4 ranks"),
            std::string::npos)
      << result.error;
  EXPECT_NE(result.error.find("[MPI_ERR_RANK]"), std::string::npos) << result.error;
}

TEST(Errors, TruncationIsReportedWithBothSizes) {
  int code = MPI_SUCCESS;
  int status_error = MPI_SUCCESS;
  int count = -1;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::vector<int> data(100, 1);
    if (rank == 0) {
      MPI_Send(data.data(), 100, MPI_INT, 1, 3, MPI_COMM_WORLD);
    } else {
      MPI_Status status;
      code = MPI_Recv(data.data(), 10, MPI_INT, 0, 3, MPI_COMM_WORLD, &status);
      status_error = status.MPI_ERROR;
      MPI_Get_count(&status, MPI_INT, &count);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(code, MPI_ERR_TRUNCATE);
  EXPECT_EQ(status_error, MPI_ERR_TRUNCATE);
  EXPECT_EQ(count, 10);
}

TEST(Errors, FatalTruncationMessage) {
  auto result = simulate(2, [&](int rank, int) {
    std::vector<char> data(800);
    if (rank == 0) {
      MPI_Send(data.data(), 800, MPI_CHAR, 1, 5, MPI_COMM_WORLD);
    } else {
      MPI_Recv(data.data(), 400, MPI_CHAR, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 1: MPI_Recv: message truncated: rank 0 sent 800 bytes (tag 5) on "
                              "MPI_COMM_WORLD but the receive buffer holds 400 bytes"),
            std::string::npos)
      << result.error;
}

TEST(Errors, CallsBeforeInitAndAfterFinalizeAreErrors) {
  xo::mpi::SimulationOptions options;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  auto before = xo::mpi::run_simulation(options, [](int, char**) {
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return 0;
  });
  EXPECT_NE(before.exit_code, 0);
  EXPECT_NE(before.error.find("MPI_Comm_size was called before MPI_Init"), std::string::npos) << before.error;

  auto twice = xo::mpi::run_simulation(options, [](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
  });
  EXPECT_NE(twice.exit_code, 0);
  EXPECT_NE(twice.error.find("MPI_Init was already called"), std::string::npos) << twice.error;

  auto after = xo::mpi::run_simulation(options, [](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return 0;
  });
  EXPECT_NE(after.exit_code, 0);
  EXPECT_NE(after.error.find("MPI_Comm_rank was called after MPI_Finalize"), std::string::npos) << after.error;

  auto unfinalized = xo::mpi::run_simulation(options, [](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    return 0;
  });
  EXPECT_NE(unfinalized.exit_code, 0);
  EXPECT_NE(unfinalized.error.find("without calling MPI_Finalize"), std::string::npos) << unfinalized.error;
}

TEST(Errors, AbortEndsTheRunWithItsCode) {
  auto result = simulate(3, [&](int rank, int) {
    if (rank == 1) MPI_Abort(MPI_COMM_WORLD, 17);
    int v = 0;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  EXPECT_EQ(result.exit_code, 17);
  EXPECT_NE(result.error.find("rank 1 called MPI_Abort with error code 17"), std::string::npos) << result.error;
}

TEST(Errors, ErrorStringAndClass) {
  std::string text;
  int cls = -1;
  auto result = simulate(1, [&](int, int) {
    char buffer[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(MPI_ERR_TRUNCATE, buffer, &length);
    text.assign(buffer, static_cast<std::size_t>(length));
    MPI_Error_class(MPI_ERR_TAG, &cls);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(text, "MPI_ERR_TRUNCATE: message truncated on receive");
  EXPECT_EQ(cls, MPI_ERR_TAG);
}

TEST(Errors, UnknownMachineAndBadParamAreMachineErrors) {
  xo::mpi::SimulationOptions options;
  options.machine = "cray-9000";
  auto body = [](int, char**) { return 0; };
  try {
    xo::mpi::run_simulation(options, body);
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("unknown machine 'cray-9000'; available machines: loggp"), std::string::npos)
        << e.what();
  }
  options.machine = "loggp";
  options.params = {"L=-3"};
  try {
    xo::mpi::run_simulation(options, body);
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'L' of machine 'loggp' must be between"), std::string::npos)
        << e.what();
  }
}
