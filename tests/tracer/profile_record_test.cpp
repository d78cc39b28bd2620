// `xo record --profile` and `xo report` on a profile, as a user runs them: the profile alone is
// written (no trace), a trace has its profile beside it, the report fills what a profile can and
// says what it cannot, and --profile with a trace filter is one clear error.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kStencil = std::string(XO_EXAMPLES_DIR) + "/stencil2d 24 20";

class ProfileRecord : public ::testing::Test {
 protected:
  xo::test::CommandResult xo(const std::string& args) { return run_command("cd " + dir_ + " && " + kXo + " " + args); }

  xo::test::ScratchDir scratch_{"xo-profile-record"};
  const std::string dir_ = scratch_.path();
};

TEST_F(ProfileRecord, AProfileAloneAndItsReport) {
  const auto r = xo("record -n 8 --machine xt3 --compute=none --profile -o prof " + kStencil);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "profile written to prof/profile.xop")) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/prof/profile.xop"));
  EXPECT_FALSE(fs::exists(dir_ + "/prof/traces.otf2")) << "a profile and no trace";

  const auto text = xo("report prof");
  ASSERT_EQ(text.status, 0) << text.err;
  for (const char* part :
       {"profile: prof/profile.xop (8 ranks)", "a profile keeps sums per rank, not events", "Time in MPI by call",
        "MPI_Allreduce", "Protocol paths", "vshort", "Point-to-point messages by size", "Busiest pairs of ranks"}) {
    EXPECT_TRUE(contains(text.out, part)) << part << "\n" << text.out;
  }
  const auto json = xo("report --format json prof/profile.xop");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(contains(json.out, "\"ranks\": 8")) << json.out;
  EXPECT_TRUE(contains(json.out, "\"by_call\": [{\"call\": ")) << json.out;
}

TEST_F(ProfileRecord, ATraceHasItsProfileBesideIt) {
  const auto r = xo("record -q -n 4 --machine xt3 --compute=none -o both " + kStencil);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/both/traces.otf2"));
  EXPECT_TRUE(fs::exists(dir_ + "/both/profile.xop"));
  const auto trace = xo("report --no-bench --no-history both");
  ASSERT_EQ(trace.status, 0) << trace.err;
  EXPECT_TRUE(contains(trace.out, "trace: both/traces.otf2")) << "a directory with a trace reports the trace";
  const auto profile = xo("report both/profile.xop");
  ASSERT_EQ(profile.status, 0) << profile.err;
  EXPECT_TRUE(contains(profile.out, "profile: both/profile.xop (4 ranks)")) << profile.out;
}

// The trace is written before its profile: when only the profile cannot be, the message says the
// trace is there, and it reads.
TEST_F(ProfileRecord, AProfileThatCannotBeWrittenLeavesTheTraceAndSaysSo) {
  fs::create_directories(dir_ + "/t/profile.xop");  // a directory in the profile's place
  const auto r = xo("record -q -n 4 --machine xt3 --compute=none -o t " + kStencil);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err,
                       "xo: the trace is written in t, but not its profile: cannot write the profile "
                       "t/profile.xop: "))
      << r.err;
  const auto trace = xo("report --no-bench --no-history t");
  EXPECT_EQ(trace.status, 0) << trace.err;
}

TEST_F(ProfileRecord, AProfileTakesNoTraceFilter) {
  const auto r = xo("record -n 4 --profile --trace-ranks 0-1 -o prof " + kStencil);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "--profile keeps every rank's profile and no trace")) << r.err;
}

}  // namespace
