// A rank that ends abnormally (a signal, abort(), an uncaught exception, a stack overflow, exit()
// or a return without MPI_Finalize) is named in one message with what happened, the MPI call it
// was last in and the virtual time; the other ranks' output is kept; and `xo record` writes the
// trace of everything before it, marked as cut short, with the fault in its properties. A run
// that does not end is stopped by a limit or a signal with where each rank was.

#include <gtest/gtest.h>

#include <string>

#include "support/run_command.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

const std::string kXo = XO_BINARY;
const std::string kFaults = std::string(XO_TEST_PROGRAMS_DIR) + "/faults";

xo::test::CommandResult run(const std::string& mode, const std::string& options = "") {
  return run_command(kXo + " run -q -n 4 --machine xt3 " + options + " " + kFaults + " " + mode + " 2");
}

// Every rank printed before the fault: output is flushed, not lost with the faulted rank.
void expect_every_rank_printed(const std::string& out) {
  for (int rank = 0; rank < 4; ++rank) EXPECT_TRUE(contains(out, "rank " + std::to_string(rank) + " started")) << out;
}

}  // namespace

TEST(RankFault, SignalsNameTheRankTheCauseThePlaceAndTheTime) {
  struct Case {
    const char* mode;
    int status;
    const char* cause;
  };
  for (const Case& c :
       {Case{"segv", 139, "rank 2 was killed by SIGSEGV, a segmentation fault: address 0x0 is not mapped"},
        Case{"fpe", 136, "rank 2 was killed by SIGFPE, an arithmetic fault: integer division by zero"},
        Case{"abort", 134, "rank 2 was killed by SIGABRT, abort() was called"},
        Case{"kill", 139, "rank 2 was killed by SIGSEGV, sent by kill() or raise()"}}) {
    auto r = run(c.mode);
    EXPECT_EQ(r.status, c.status) << c.mode << r.err;
    EXPECT_TRUE(contains(r.err, std::string("xo: ") + c.cause)) << c.mode << r.err;
    EXPECT_TRUE(contains(r.err, "in its own code after MPI_Allreduce, at t=")) << c.mode << r.err;
    expect_every_rank_printed(r.out);
    EXPECT_FALSE(contains(r.out, "after the barrier")) << r.out;
  }
}

TEST(RankFault, AnUncaughtExceptionIsNamedWithWhatItSaid) {
  auto r = run("exception");
  EXPECT_EQ(r.status, 134) << r.err;
  EXPECT_TRUE(contains(r.err,
                       "xo: rank 2 was killed by SIGABRT after an uncaught C++ exception of type "
                       "std::runtime_error: no such file: input.dat; in its own code after MPI_Allreduce"))
      << r.err;
  expect_every_rank_printed(r.out);
}

TEST(RankFault, AStackOverflowSuggestsTwiceTheStack) {
  auto r = run("overflow", "--stack-size=1M");
  EXPECT_EQ(r.status, 139) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: rank 2 overflowed its 1024 KiB fiber stack in its own code after MPI_Allreduce"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "run again with a larger --stack-size (for example --stack-size=2M)")) << r.err;
}

TEST(RankFault, ExitAndReturnWithoutFinalizeNameTheRankBeforeTheDeadlockTheyCause) {
  auto r = run("exit");
  EXPECT_EQ(r.status, 3) << r.err;  // the rank's own status, as mpirun returns it
  EXPECT_TRUE(contains(r.err, "xo: rank 2 called exit(3) after MPI_Allreduce, at t=")) << r.err;
  EXPECT_TRUE(contains(r.err, "without calling MPI_Finalize")) << r.err;
  EXPECT_TRUE(contains(r.err, "\nthen deadlock: no rank can make progress")) << r.err;
  expect_every_rank_printed(r.out);
  r = run("return");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: rank 2 returned 0 from main after MPI_Allreduce, at t=")) << r.err;
}

TEST(RankFault, RecordKeepsTheTraceOfEverythingBeforeTheFault) {
  const std::string dir = run_command("mktemp -d").out;
  ASSERT_FALSE(dir.empty());
  const std::string trace = dir.substr(0, dir.find('\n')) + "/t";
  auto r = run_command(kXo + " record -q -n 4 --machine xt3 -o " + trace + " -- " + kFaults + " segv 2");
  EXPECT_EQ(r.status, 139) << r.err;
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + trace + "/traces.otf2");
  EXPECT_EQ(print.status, 0) << print.err;
  auto properties = run_command(std::string(XO_OTF2_PRINT) + " -A " + trace + "/traces.otf2");
  for (const char* expected : {"CROSSOVER::CUT_SHORT", "CROSSOVER::FAULT::RANK", "SIGSEGV",
                               "in its own code after MPI_Allreduce", "rank 2 was killed by SIGSEGV"}) {
    EXPECT_TRUE(contains(properties.out, expected)) << expected << properties.out;
  }
  auto report = run_command(kXo + " report --no-bench --no-store " + trace);
  EXPECT_EQ(report.status, 0) << report.err;
  EXPECT_TRUE(contains(report.out, "the run was cut short: exit code 139")) << report.out;
  EXPECT_TRUE(contains(report.out, "MPI_Allreduce")) << report.out;  // what ran before is there
  run_command("rm -rf " + dir);
}

TEST(RunStop, AVirtualTimeLimitStopsAPollingRankAndNamesTheLivelock) {
  auto r = run("iprobe", "--virtual-time-limit 5ms");
  EXPECT_EQ(r.status, 124) << r.err;
  EXPECT_TRUE(contains(r.err,
                       "xo: stopped: the virtual-time limit of 5000 us (--virtual-time-limit) was reached; "
                       "where each rank was:"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "rank 0 at t=")) << r.err;
  EXPECT_TRUE(contains(r.err, ": due to run, inside MPI_Iprobe")) << r.err;
  EXPECT_TRUE(contains(r.err, "likely livelock: rank 2 polls with MPI_Iprobe while every other rank waits")) << r.err;
}

TEST(RunStop, ARankPollingForWhatCanNeverComeIsWarnedOfWhileTheRunGoesOn) {
  auto r = run("iprobe", "--virtual-time-limit 3s");
  EXPECT_EQ(r.status, 124) << r.err;
  const std::size_t warning = r.err.find(
      "xo: warning: rank 2 has polled with MPI_Iprobe for 1 s of virtual time while every other rank "
      "waits or has ended: a likely livelock");
  ASSERT_NE(warning, std::string::npos) << r.err;
  EXPECT_LT(warning, r.err.find("xo: stopped:")) << r.err;  // while it ran, not only when stopped
  EXPECT_EQ(r.err.find("xo: warning:", warning + 1), std::string::npos) << r.err;  // once
}

TEST(RunStop, AWallTimeLimitStopsARankInAnEndlessLoopWhereItRuns) {
  auto r = run("spin", "--time-limit 1s");
  EXPECT_EQ(r.status, 124) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: stopped: the wall-time limit of 1 s (--time-limit) was reached")) << r.err;
  EXPECT_TRUE(contains(r.err, "rank 2 at t=")) << r.err;
  EXPECT_TRUE(contains(r.err, ": running, in its own code after MPI_Allreduce")) << r.err;
  EXPECT_TRUE(contains(r.err, "rank 2 ran on without reaching an MPI call")) << r.err;
  expect_every_rank_printed(r.out);
}

TEST(RunStop, SigtermStopsTheRunAndRecordStillWritesTheTrace) {
  const std::string dir = run_command("mktemp -d").out;
  const std::string trace = dir.substr(0, dir.find('\n')) + "/t";
  // The program spins for good once started; a few seconds are far more than it needs to start.
  auto r = run_command("(" + kXo + " record -q -n 4 --machine xt3 -o " + trace + " -- " + kFaults +
                       " spin 2 & pid=$!; sleep 3; kill -TERM $pid; wait $pid)");
  EXPECT_EQ(r.status, 143) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: stopped by SIGTERM at t=")) << r.err;
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + trace + "/traces.otf2");
  EXPECT_EQ(print.status, 0) << print.err;
  auto properties = run_command(std::string(XO_OTF2_PRINT) + " -A " + trace + "/traces.otf2");
  EXPECT_TRUE(contains(properties.out, "stopped by SIGTERM")) << properties.out;
  run_command("rm -rf " + dir);
}
