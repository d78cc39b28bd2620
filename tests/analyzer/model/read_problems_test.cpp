// A foreign trace with mistakes: damage (a Leave without its Enter) is refused unless tolerated;
// tolerated, each mistake is counted in ReadProblems, described, and the rest of the trace is read.

#include <gtest/gtest.h>

#include <string>

#include "otf2_test_archive.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::test::Otf2TestArchive;

// Rank 0: a Leave with nothing entered, a send nobody receives, and a call never left. (OTF2's
// writer refuses events that go back in time, so that case cannot be written here.) Rank 1:
// receives the tag 1 message, and one with tag 3 that nobody sent.
std::string write_trace_with_mistakes(const std::string& dir) {
  Otf2TestArchive a(2);
  const OTF2_CommRef world = Otf2TestArchive::kWorld;
  a.leave(0, 10, a.region("MPI_Send"));
  a.call(0, "MPI_Send", 20, 30, [&] { a.send(0, 25, 1, world, 1, 8); });
  a.call(0, "MPI_Send", 40, 50, [&] { a.send(0, 45, 1, world, 2, 8); });
  a.enter(0, 60, a.region("MPI_Barrier"));
  a.call(1, "MPI_Recv", 20, 35, [&] { a.recv(1, 34, 0, world, 1, 8); });
  a.call(1, "MPI_Recv", 40, 45, [&] { a.recv(1, 44, 0, world, 3, 8); });
  return a.write(dir + "/trace");
}

// The model keeps a reference's first definition, as the checker does, and counts the second.
TEST(ReadTraceProblems, ARegionDefinedTwiceKeepsItsFirstName) {
  xo::test::ScratchDir dir;
  Otf2TestArchive a(1);
  const OTF2_RegionRef send = a.region("MPI_Send");
  a.redefine_region(send, "MPI_Recv");
  a.call(0, "MPI_Send", 10, 20, [] {});
  const auto m = xo::analyzer::read_trace(a.write(dir.path() + "/trace"), {}, xo::analyzer::Damage::Tolerate);
  EXPECT_EQ(m.problems.bad_references, 1u);
  EXPECT_NE(m.problems.examples.front().find("region 0 is defined twice; the first definition is used"),
            std::string::npos)
      << m.problems.examples.front();
  ASSERT_EQ(m.regions.size(), 1u);
  EXPECT_EQ(m.regions.name[0], "MPI_Send");
}

TEST(ReadTraceProblems, DamageIsRefusedNamingItsFirstSign) {
  xo::test::ScratchDir dir;
  const std::string anchor = write_trace_with_mistakes(dir.path());
  try {
    xo::analyzer::read_trace(anchor);
    FAIL() << "a Leave without its Enter was read without --tolerate";
  } catch (const xo::analyzer::TraceReadError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("cannot trust trace " + anchor + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("Leave"), std::string::npos) << message;
    EXPECT_NE(message.find("--tolerate"), std::string::npos) << message;
  }
}

TEST(ReadTraceProblems, AreCountedAndTheRestIsRead) {
  xo::test::ScratchDir dir;
  const std::string anchor = write_trace_with_mistakes(dir.path());
  testing::internal::CaptureStderr();
  const auto m = xo::analyzer::read_trace(anchor, {}, xo::analyzer::Damage::Tolerate);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");

  EXPECT_EQ(m.problems.unmatched_leaves, 1u);
  EXPECT_EQ(m.problems.calls_left_open, 1u);
  EXPECT_EQ(m.problems.unmatched_sends, 1u);
  EXPECT_EQ(m.problems.unmatched_receives, 1u);
  EXPECT_EQ(m.problems.total(), 4u);
  EXPECT_EQ(m.problems.examples.size(), 4u);
  EXPECT_EQ(m.problems.damage(), 1u);  // the Leave; the others a program or a cut-short run leaves too
  EXPECT_NE(m.problems.first_damage.find("Leave"), std::string::npos) << m.problems.first_damage;

  ASSERT_EQ(m.messages.size(), 1u);
  EXPECT_EQ(m.messages.tag[0], 1u);
  EXPECT_EQ(m.messages.sender[0], 0);
  EXPECT_EQ(m.messages.receiver[0], 1);
  // Rank 0's three calls; the one never left ends with the location's last event.
  ASSERT_EQ(m.calls.first_of_rank[1], 3u);
  EXPECT_EQ(m.regions.name[m.calls.region[2]], "MPI_Barrier");
  EXPECT_DOUBLE_EQ(m.calls.leave[2], m.calls.enter[2]);
}

}  // namespace
