// xo compare: two traces side by side, and a program recorded on a machine model beside a trace.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <string>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kPingpong = std::string(XO_EXAMPLES_DIR) + "/pingpong";

class Compare : public ::testing::Test {
 protected:
  void record(const std::string& machine) {
    auto r = run_command(kXo + " record -q -n 2 --machine " + machine + " --compute none -o " + dir_ + "/" + machine +
                         ".otf2 -- " + kPingpong);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  xo::test::ScratchDir scratch_{"xo-compare"};
  const std::string dir_ = scratch_.path();
};

TEST_F(Compare, TwoMachinesSideBySide) {
  ASSERT_NO_FATAL_FAILURE(record("xt3"));
  ASSERT_NO_FATAL_FAILURE(record("ap1000"));
  auto r = run_command(kXo + " compare " + dir_ + "/xt3.otf2 " + dir_ + "/ap1000.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "machine xt3")) << r.out;
  EXPECT_TRUE(contains(r.out, "machine ap1000")) << r.out;
  EXPECT_TRUE(contains(r.out, "Time in MPI by call")) << r.out;
  EXPECT_TRUE(contains(r.out, "MPI_Send ")) << r.out;
  EXPECT_TRUE(contains(r.out, "Point-to-point end-to-end time by message size")) << r.out;
  // The AP1000 (1990s hardware) takes longer than the XT3 for the same messages: B/A above 1.
  std::smatch send;
  ASSERT_TRUE(std::regex_search(r.out, send, std::regex("\n  MPI_Send [^\n]* ([0-9.]+)x\n"))) << r.out;
  EXPECT_GT(std::stod(send[1]), 1.0) << r.out;
  auto md = run_command(kXo + " compare --format markdown " + dir_ + "/xt3.otf2 " + dir_ + "/ap1000.otf2");
  EXPECT_TRUE(contains(md.out, "| call |")) << md.out;
}

TEST_F(Compare, RecordsAProgramOnAModelBesideATrace) {
  ASSERT_NO_FATAL_FAILURE(record("xt3"));
  auto r = run_command(kXo + " compare " + dir_ + "/xt3.otf2 --machine xe6 --compute none -- " + kPingpong);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "on xe6 (recorded now)")) << r.out;
  EXPECT_TRUE(contains(r.out, "machine xe6")) << r.out;
}

TEST(CompareUsage, NeedsTwoTracesOrAProgram) {
  for (const std::string& args : {std::string(""), std::string("a.otf2"), std::string("a b c"),
                                  std::string("a.otf2 --machine xt3"), std::string("a b --format json")}) {
    auto r = run_command(kXo + " compare " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_FALSE(r.err.empty()) << args;
  }
  auto missing = run_command(kXo + " compare /nonexistent/a.otf2 /nonexistent/b.otf2");
  EXPECT_NE(missing.status, 0);
  EXPECT_TRUE(contains(missing.err, "/nonexistent/a.otf2")) << missing.err;
}

}  // namespace
