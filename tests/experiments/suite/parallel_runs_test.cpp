// Runs in processes of their own (run_in_processes): results in index order whatever the order
// they finish in, a run's exception and a run's crash each reported as that run's error, and one
// job running in this process.

#include "xo/experiments/parallel_runs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <stdexcept>
#include <string>
#include <vector>

using xo::experiments::ProcessResult;
using xo::experiments::run_in_processes;

TEST(RunInProcesses, ResultsComeBackInIndexOrder) {
  std::vector<std::size_t> started;
  const auto results = run_in_processes(
      6, 3,
      [](std::size_t i) {
        usleep(static_cast<useconds_t>((6 - i) * 2000));           // later runs finish first
        return std::string(i * 1000, static_cast<char>('a' + i));  // beyond a pipe's atomic size
      },
      [&](std::size_t, std::size_t i) { started.push_back(i); });
  ASSERT_EQ(results.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_TRUE(results[i].error.empty()) << results[i].error;
    EXPECT_EQ(results[i].bytes, std::string(i * 1000, static_cast<char>('a' + i)));
  }
  EXPECT_EQ(started, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
}

TEST(RunInProcesses, AThrowingOrCrashingRunIsThatRunsError) {
  const auto results = run_in_processes(
      3, 2,
      [](std::size_t i) -> std::string {
        if (i == 0) throw std::runtime_error("no trace could be written");
        if (i == 1) raise(SIGKILL);
        return "fine";
      },
      [](std::size_t, std::size_t) {});
  EXPECT_EQ(results[0].error, "no trace could be written");
  EXPECT_NE(results[1].error.find("ended by signal 9"), std::string::npos) << results[1].error;
  EXPECT_TRUE(results[2].error.empty());
  EXPECT_EQ(results[2].bytes, "fine");
}

TEST(RunInProcesses, OneJobRunsHereInOrder) {
  const pid_t here = getpid();
  const auto results = run_in_processes(
      2, 1, [&](std::size_t i) { return std::to_string(i) + (getpid() == here ? " here" : " elsewhere"); },
      [](std::size_t, std::size_t) {});
  EXPECT_EQ(results[0].bytes, "0 here");
  EXPECT_EQ(results[1].bytes, "1 here");
}
