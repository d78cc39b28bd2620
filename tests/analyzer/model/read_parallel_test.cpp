// Locations read on several threads (location_reading.hpp) give the model a single thread reads,
// row for row: calls, phases, messages, collectives, problems and location kinds. A damaged archive
// fails with the same message on any number of threads, and a XO_READ_THREADS that is no thread
// count is refused by name.

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "same_model.hpp"
#include "scoped_env.hpp"
#include "traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"

using xo::analyzer::read_trace;
using xo::analyzer::TraceModel;
using xo::analyzer::TraceReadError;
using xo::test::traced_run;

namespace {

TraceModel read_with_threads(const std::string& anchor, const char* threads) {
  const xo::test::ScopedEnv set("XO_READ_THREADS", threads);
  return read_trace(anchor);
}

// What reading `anchor` with `threads` fails with, "" if it reads.
std::string failure_with_threads(const std::string& anchor, const char* threads) {
  const xo::test::ScopedEnv set("XO_READ_THREADS", threads);
  try {
    read_trace(anchor);
  } catch (const TraceReadError& e) {
    return e.what();
  }
  return "";
}

// Eight ranks in a ring: messages of both protocols, collectives.
std::unique_ptr<xo::test::TracedRun> ring_run() {
  return traced_run("xt3", 8, [](int rank) {
    std::vector<double> out(600, rank), in(600);
    const int next = (rank + 1) % 8, previous = (rank + 7) % 8;
    for (int step = 0; step < 6; ++step) {
      const int n = step % 2 == 0 ? 4 : 600;  // eager and rendezvous: phases on the lanes
      MPI_Request requests[2];
      MPI_Irecv(in.data(), n, MPI_DOUBLE, previous, step, MPI_COMM_WORLD, &requests[0]);
      MPI_Isend(out.data(), n, MPI_DOUBLE, next, step, MPI_COMM_WORLD, &requests[1]);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
      MPI_Sendrecv(out.data(), 8, MPI_DOUBLE, next, 100, in.data(), 8, MPI_DOUBLE, previous, 100, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      double sum = 0;
      MPI_Allreduce(&in[0], &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      MPI_Bcast(out.data(), 16, MPI_DOUBLE, step % 8, MPI_COMM_WORLD);
    }
  });
}

}  // namespace

TEST(ReadParallel, ThreadsReadTheModelOneThreadReads) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel one = read_with_threads(run->anchor, "1");
  ASSERT_GT(one.phases.size(), 0u);
  ASSERT_GT(one.messages.size(), 0u);
  for (const char* threads : {"2", "3", "7"}) {
    SCOPED_TRACE(std::string(threads) + " threads");
    const TraceModel many = read_with_threads(run->anchor, threads);
    xo::test::expect_same_model(many, one);
  }
}

// Event files of ranks 1 and 6 cut short: on any number of threads the failure is rank 1's, as a
// single thread reading in rank order meets it.
TEST(ReadParallel, DamagedArchiveFailsAlikeOnAnyThreads) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  const std::filesystem::path events = std::filesystem::path(run->dir.path()) / "traces";
  for (const char* cut : {"1.evt", "6.evt"}) {
    std::filesystem::resize_file(events / cut, std::filesystem::file_size(events / cut) / 2);
  }
  const std::string one = failure_with_threads(run->anchor, "1");
  EXPECT_NE(one.find("1.evt"), std::string::npos) << one;
  for (const char* threads : {"2", "3", "7"}) {
    EXPECT_EQ(failure_with_threads(run->anchor, threads), one) << threads << " threads";
  }
}

TEST(ReadParallel, ThreadCountThatIsNoneIsRefused) {
  const auto run = ring_run();
  ASSERT_EQ(run->exit_code, 0);
  for (const char* threads : {"abc", "0", "-2", "65", "100000000000", "3x", " 2"}) {
    const std::string message = failure_with_threads(run->anchor, threads);
    EXPECT_NE(message.find(std::string("XO_READ_THREADS=") + threads + ":"), std::string::npos) << message;
    EXPECT_NE(message.find("from 1 to 64"), std::string::npos) << message;
  }
  EXPECT_EQ(failure_with_threads(run->anchor, "64"), "");
  EXPECT_EQ(failure_with_threads(run->anchor, ""), "");  // set but empty: as if unset
}
