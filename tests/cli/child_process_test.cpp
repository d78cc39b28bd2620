// How a child process ended, in words: a kill is named with its signal and its likely cause (the
// GUI once said "exit 9" for a report the out-of-memory killer ended).

#include "child_process.hpp"

#include <gtest/gtest.h>

using xo::cli::ProcessEnd;
using xo::cli::run_process;
using xo::cli::run_process_to_end;

TEST(ChildProcess, AnExitIsItsCode) {
  const ProcessEnd end = run_process_to_end({"sh", "-c", "exit 3"}, "");
  EXPECT_EQ(end.exit_code, 3);
  EXPECT_EQ(end.signal, 0);
  EXPECT_EQ(end.text(), "exit 3");
  EXPECT_EQ(run_process({"sh", "-c", "exit 3"}, ""), 3);
}

TEST(ChildProcess, AKillIsNamedWithItsLikelyCause) {
  const ProcessEnd killed = run_process_to_end({"sh", "-c", "kill -9 $$"}, "");
  EXPECT_EQ(killed.signal, 9);
  EXPECT_EQ(killed.status(), 137);
  EXPECT_EQ(killed.text().rfind("killed by SIGKILL (signal 9): most likely the system ran out of memory", 0), 0u)
      << killed.text();
  const ProcessEnd crashed = run_process_to_end({"sh", "-c", "kill -SEGV $$"}, "");
  EXPECT_EQ(crashed.text(), "killed by SIGSEGV (signal 11): it crashed");
  EXPECT_EQ(run_process_to_end({"sh", "-c", "kill -TERM $$"}, "").text(), "killed by SIGTERM (signal 15)");
}

TEST(ChildProcess, AProgramThatCannotStartIs127) {
  testing::internal::CaptureStderr();
  const ProcessEnd end = run_process_to_end({"/no/such/program"}, "install it");
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(end.exit_code, 127);
  EXPECT_NE(err.find("cannot run '/no/such/program'"), std::string::npos) << err;
  EXPECT_NE(err.find("install it"), std::string::npos) << err;
}
