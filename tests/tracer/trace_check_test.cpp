// The trace checker against archives written here with the OTF2 writer API: a correct one passes
// with nothing to report, and each kind of defect is reported, naming where it is.

#include "xo/tracer/trace_check.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "otf2_test_archive.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/trace_read_error.hpp"

namespace xo::tracer {
namespace {

using test::Otf2TestArchive;
constexpr OTF2_CommRef kWorld = Otf2TestArchive::kWorld;
constexpr std::uint32_t kNoRoot = OTF2_COLLECTIVE_ROOT_NONE;

class TraceCheckTest : public ::testing::Test {
 protected:
  // Writes `archive` into a fresh directory and returns its anchor file's path.
  std::string write(const Otf2TestArchive& archive) {
    return archive.write(dir_ + "/archive" + std::to_string(archives_++));
  }
  TraceCheckReport check(const Otf2TestArchive& archive) { return check_trace(write(archive)); }

  xo::test::ScratchDir scratch_{"xo-trace-check"};
  const std::string dir_ = scratch_.path();
  int archives_ = 0;
};

bool reports(const TraceCheckReport& report, const std::string& part) {
  for (const auto& p : report.problems) {
    if (p.what.find(part) != std::string::npos) return true;
  }
  return false;
}

// Three ranks: blocking and nonblocking messages (two Irecvs completed in the reverse of their
// posting order), a broadcast on a sub-communicator of ranks 0 and 2 and a barrier on
// MPI_COMM_WORLD, every rank's calls nested in "main".
Otf2TestArchive correct_archive() {
  Otf2TestArchive a(3);
  const OTF2_CommRef even = a.comm("ranks 0 and 2", {0, 2});
  for (int r = 0; r < 3; ++r) a.enter(r, 1, a.region("main"));

  a.call(0, "MPI_Send", 10, 20, [&] { a.send(0, 12, 1, kWorld, 7, 100); });
  a.call(1, "MPI_Recv", 5, 30, [&] { a.recv(1, 25, 0, kWorld, 7, 100); });

  a.call(1, "MPI_Isend", 40, 41, [&] { a.isend(1, 40, 2, kWorld, 1, 64, 5); });
  a.call(1, "MPI_Wait", 42, 60, [&] { a.isend_complete(1, 59, 5); });
  a.call(2, "MPI_Irecv", 35, 36, [&] { a.irecv_request(2, 35, 11); });
  a.call(2, "MPI_Wait", 37, 70, [&] { a.irecv(2, 69, 1, kWorld, 1, 64, 11); });

  // Rank 0 posts two receives from rank 2 on one channel and completes the second first: the
  // first posted still gets the first message (10 bytes).
  a.call(0, "MPI_Irecv", 80, 81, [&] { a.irecv_request(0, 80, 1); });
  a.call(0, "MPI_Irecv", 82, 83, [&] { a.irecv_request(0, 82, 2); });
  a.call(2, "MPI_Send", 84, 85, [&] { a.send(2, 84, 0, kWorld, 3, 10); });
  a.call(2, "MPI_Send", 86, 87, [&] { a.send(2, 86, 0, kWorld, 3, 20); });
  a.call(0, "MPI_Wait", 88, 95, [&] { a.irecv(0, 94, 2, kWorld, 3, 20, 2); });
  a.call(0, "MPI_Wait", 96, 97, [&] { a.irecv(0, 96, 2, kWorld, 3, 10, 1); });

  for (int r : {0, 2}) {
    a.call(r, "MPI_Bcast", 100, 110, [&] {
      a.collective_begin(r, 100);
      a.collective_end(r, 109, OTF2_COLLECTIVE_OP_BCAST, even, 0, r == 0 ? 8 : 0, r == 0 ? 0 : 8);
    });
  }
  for (int r = 0; r < 3; ++r) {
    a.call(r, "MPI_Barrier", 120, 130, [&] {
      a.collective_begin(r, 120);
      a.collective_end(r, 129, OTF2_COLLECTIVE_OP_BARRIER, kWorld, kNoRoot, 0, 0);
    });
    a.leave(r, 140, a.region("main"));
  }
  return a;
}

TEST_F(TraceCheckTest, CorrectTraceHasNoProblems) {
  const std::string anchor = write(correct_archive());
  const TraceCheckReport report = check_trace(anchor);
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.locations, 3u);
  EXPECT_EQ(report.messages_matched, 4u);
  // Rank 0: main 2 + Send 3 + 2 Irecv 3 + 2 Wait 3 + Bcast 4 + Barrier 4 = 25; rank 1: 2 + 3 + 3 + 3 + 4 = 15;
  // rank 2: 2 + 3 + 3 + 2 Send 3 + 4 + 4 = 22.
  EXPECT_EQ(report.events, 62u);
  EXPECT_EQ(describe(report), "62 events on 3 locations, 4 messages matched: no problems\n");
}

TEST_F(TraceCheckTest, TestArchivesAreValidForOtf2Print) {
  const std::string anchor = write(correct_archive());
  const std::string command = std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor + " >/dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

TEST_F(TraceCheckTest, EnterOfUndefinedRegion) {
  Otf2TestArchive a(1);
  a.enter(0, 10, 42);
  a.leave(0, 20, 42);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 2u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 1 (time 10): Enter of region 42, which is not defined");
  EXPECT_EQ(report.problems[1].what,
            "location 0 \"rank 0\", event 2 (time 20): Leave of region 42, which is not defined");
}

TEST_F(TraceCheckTest, SendOnUndefinedCommunicator) {
  Otf2TestArchive a(2);
  a.send(0, 10, 1, 9, 0, 4);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 1 (time 10): MpiSend on communicator 9, which is not defined");
}

// The OTF2 writer refuses a timestamp smaller than the last, so the archive is patched afterwards:
// the one event at a distinctive time gets an earlier one.
TEST_F(TraceCheckTest, TimeGoingBackwards) {
  constexpr std::uint64_t kDistinct = 0x5EC0DE5EC0DEull;
  Otf2TestArchive a(1);
  a.enter(0, 10, a.region("main"));
  a.enter(0, 20, a.region("work"));
  a.leave(0, kDistinct, a.region("work"));
  a.leave(0, kDistinct + 1, a.region("main"));
  const std::string anchor = write(a);

  const std::string events = std::filesystem::path(anchor).replace_extension() / "0.evt";
  std::ifstream in(events, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  char from[8], to[8];
  const std::uint64_t earlier = 5;
  std::memcpy(from, &kDistinct, 8);  // OTF2 stores timestamps in the writer's byte order
  std::memcpy(to, &earlier, 8);
  const auto at = bytes.find(std::string(from, 8));
  ASSERT_NE(at, std::string::npos);
  ASSERT_EQ(bytes.find(std::string(from, 8), at + 1), std::string::npos);
  bytes.replace(at, 8, std::string(to, 8));
  std::ofstream(events, std::ios::binary) << bytes;

  const TraceCheckReport report = check_trace(anchor);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 3 (time 5): time goes backwards (the location's previous event is at "
            "time 20)");
}

TEST_F(TraceCheckTest, LeaveOfWrongRegionAndRegionLeftOpen) {
  Otf2TestArchive a(1);
  a.enter(0, 10, a.region("main"));
  a.enter(0, 20, a.region("work"));
  a.leave(0, 30, a.region("main"));
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 2u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 3 (time 30): Leave of region 0 \"main\", but the innermost open region is "
            "region 1 \"work\" (entered at event 2)");
  EXPECT_EQ(report.problems[1].what, "location 0 \"rank 0\", event 1 (time 10): region 0 \"main\" is never left");
}

// Each task nests its own regions: a region entered on one task may be left after another task
// entered and left one of its own (Crossover's network lanes, trace_contract.hpp).
TEST_F(TraceCheckTest, TasksNestTheirRegionsEachOnItsOwn) {
  Otf2TestArchive a(1);
  a.enter(0, 10, a.region("MPI_Send"));
  a.task_create(0, 11, kWorld, 0, 1);
  a.task_switch(0, 11, kWorld, 0, 1);
  a.enter(0, 11, a.region("eager"));
  a.task_switch(0, 12, kWorld, 0, 0);
  a.leave(0, 12, a.region("MPI_Send"));
  a.task_switch(0, 13, kWorld, 0, 1);
  a.leave(0, 13, a.region("eager"));
  a.task_complete(0, 13, kWorld, 0, 1);
  a.task_switch(0, 13, kWorld, 0, 0);
  const TraceCheckReport report = check(a);
  EXPECT_TRUE(report.ok()) << describe(report);
}

TEST_F(TraceCheckTest, TasksAreCreatedOnceAndCompletedWithNothingOpen) {
  Otf2TestArchive a(1);
  a.task_switch(0, 10, kWorld, 0, 2);  // never created
  a.task_create(0, 11, kWorld, 0, 1);
  a.task_create(0, 12, kWorld, 0, 1);  // again
  a.task_switch(0, 13, kWorld, 0, 1);
  a.enter(0, 14, a.region("eager"));
  a.task_complete(0, 15, kWorld, 0, 1);  // with eager open
  a.enter(0, 16, a.region("data"));      // on a completed task
  a.task_create(0, 17, 9, 0, 3);         // of no team
  a.task_switch(0, 18, kWorld, 0, 0);
  const TraceCheckReport report = check(a);
  std::vector<std::string> got;
  for (const auto& p : report.problems) got.push_back(p.what);
  const std::vector<std::string> expected = {
      "location 0 \"rank 0\", event 1 (time 10): ThreadTaskSwitch to task (creating thread 0, generation 2), which "
      "was never created",
      "location 0 \"rank 0\", event 3 (time 12): ThreadTaskCreate of task (creating thread 0, generation 1), created "
      "already at event 2",
      "location 0 \"rank 0\", event 6 (time 15): ThreadTaskComplete of task (creating thread 0, generation 1) with "
      "region 0 \"eager\" (entered at event 5) still open",
      "location 0 \"rank 0\", event 7 (time 16): Enter of region 1 \"data\" on task (creating thread 0, generation "
      "1), which has completed (switch to another task first)",
      "location 0 \"rank 0\", event 8 (time 17): ThreadTaskCreate names thread team 9, which is not a defined "
      "communicator",
      "location 0 \"rank 0\", event 5 (time 14): region 0 \"eager\" is never left",
      "location 0 \"rank 0\", event 7 (time 16): region 1 \"data\" is never left",
  };
  EXPECT_EQ(got, expected) << describe(report);
}

TEST_F(TraceCheckTest, SendWithoutReceive) {
  Otf2TestArchive a(2);
  a.send(0, 10, 1, kWorld, 7, 100);
  a.send(0, 20, 1, kWorld, 7, 200);
  a.recv(1, 30, 0, kWorld, 7, 100);
  const TraceCheckReport report = check(a);
  EXPECT_EQ(report.messages_matched, 1u);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 2 (time 20): MpiSend to location 1 \"rank 1\" (communicator 0 "
            "\"MPI_COMM_WORLD\", tag 7, 200 bytes) has no matching receive");
}

TEST_F(TraceCheckTest, ReceiveWithoutSend) {
  Otf2TestArchive a(2);
  a.irecv_request(1, 5, 3);
  a.irecv(1, 30, 0, kWorld, 7, 100, 3);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 1 \"rank 1\", event 2 (time 30): MpiIrecv from location 0 \"rank 0\" (communicator 0 "
            "\"MPI_COMM_WORLD\", tag 7, 100 bytes) has no matching send");
}

TEST_F(TraceCheckTest, ReceivedLengthDiffersFromSent) {
  Otf2TestArchive a(2);
  a.send(0, 10, 1, kWorld, 7, 100);
  a.recv(1, 30, 0, kWorld, 7, 50);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 1 \"rank 1\", event 1 (time 30): MpiRecv from location 0 \"rank 0\" (communicator 0 "
            "\"MPI_COMM_WORLD\", tag 7, 50 bytes) matches the MpiSend of 100 bytes at location 0 \"rank 0\", "
            "event 1 (time 10): the lengths differ");
}

TEST_F(TraceCheckTest, ReceiveCompletingBeforeItsSend) {
  Otf2TestArchive a(2);
  a.send(0, 40, 1, kWorld, 7, 100);
  a.recv(1, 30, 0, kWorld, 7, 100);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_TRUE(reports(report, "MpiRecv from location 0 \"rank 0\"")) << describe(report);
  EXPECT_TRUE(reports(report, "completes before its MpiSend at location 0 \"rank 0\", event 1 (time 40) started"))
      << describe(report);
}

TEST_F(TraceCheckTest, IsendNeverCompleted) {
  Otf2TestArchive a(2);
  a.isend(0, 10, 1, kWorld, 7, 100, 4);
  a.recv(1, 30, 0, kWorld, 7, 100);
  const TraceCheckReport report = check(a);
  EXPECT_EQ(report.messages_matched, 1u);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 1 (time 10): MpiIsend of request 4 is never completed (no "
            "MpiIsendComplete or MpiRequestCancelled follows)");
}

TEST_F(TraceCheckTest, CancelledIrecvNeedsNoSend) {
  Otf2TestArchive a(2);
  a.irecv_request(1, 5, 3);
  a.cancelled(1, 8, 3);
  a.irecv_request(1, 9, 3);  // the id is free again
  a.send(0, 10, 1, kWorld, 7, 100);
  a.irecv(1, 30, 0, kWorld, 7, 100, 3);
  const TraceCheckReport report = check(a);
  EXPECT_TRUE(report.ok()) << describe(report);
  EXPECT_EQ(report.messages_matched, 1u);
}

TEST_F(TraceCheckTest, CancelledIsendIsWithdrawnUnlessReceived) {
  Otf2TestArchive a(2);
  a.isend(0, 10, 1, kWorld, 7, 100, 1);
  a.cancelled(0, 12, 1);  // never received: withdrawn, so the receive below gets the next send
  a.isend(0, 14, 1, kWorld, 7, 200, 2);
  a.recv(1, 16, 0, kWorld, 7, 200);
  a.cancelled(0, 20, 2);  // too late: it was received
  const TraceCheckReport report = check(a);
  EXPECT_EQ(report.messages_matched, 1u);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 4 (time 20): MpiRequestCancelled of request 2, but a receive has already "
            "matched its MpiIsend (event 3)");
}

TEST_F(TraceCheckTest, MembersRecordDifferentNumbersOfCollectives) {
  Otf2TestArchive a(3);
  for (int r = 0; r < 3; ++r) {
    for (int i = 0; i < (r == 2 ? 1 : 2); ++i) {
      a.collective_begin(r, 10 + 10 * i);
      a.collective_end(r, 15 + 10 * i, OTF2_COLLECTIVE_OP_BARRIER, kWorld, kNoRoot, 0, 0);
    }
  }
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "communicator 0 \"MPI_COMM_WORLD\": its members recorded different numbers of collective operations: "
            "most recorded 2, but location 2 \"rank 2\" recorded 1");
}

TEST_F(TraceCheckTest, MembersDisagreeOnACollective) {
  Otf2TestArchive a(2);
  a.collective_begin(0, 10);
  a.collective_end(0, 20, OTF2_COLLECTIVE_OP_BCAST, kWorld, 0, 8, 0);
  a.collective_begin(1, 10);
  a.collective_end(1, 25, OTF2_COLLECTIVE_OP_BCAST, kWorld, 1, 0, 8);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 1 \"rank 1\", event 2 (time 25): collective operation 1 on communicator 0 \"MPI_COMM_WORLD\" "
            "is BCAST with root 1 here, but BCAST with root 0 at location 0 \"rank 0\", event 2 (time 20)");
}

TEST_F(TraceCheckTest, GroupMemberThatIsNoLocation) {
  Otf2TestArchive a(2);
  a.groups[0].members.push_back(7);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "group 0 \"MPI locations\" (COMM_LOCATIONS): member 2 is location 7, which is not defined");
}

TEST_F(TraceCheckTest, CommGroupMembersIndexTheCommLocationsGroup) {
  Otf2TestArchive a(2);
  a.comm("beyond", {0, 5});
  a.comm("twice", {1, 1});
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 2u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "group 2 \"beyond group\" (COMM_GROUP): member 1 is position 5 of group 0 \"MPI locations\", which "
            "has 2 members");
  EXPECT_EQ(report.problems[1].what, "group 3 \"twice group\" (COMM_GROUP): member 1 repeats member 0 (1)");
}

TEST_F(TraceCheckTest, ProblemsBeyondTheCapAreOnlyCounted) {
  Otf2TestArchive a(2);
  for (int i = 0; i < 150; ++i) a.send(0, 10 + i, 1, kWorld, 7, 1);
  const std::string anchor = write(a);
  const TraceCheckReport report = check_trace(anchor);
  EXPECT_EQ(report.problems.size(), kDefaultProblemCap);
  EXPECT_EQ(report.problems_not_recorded, 50u);
  EXPECT_FALSE(report.ok());
  EXPECT_NE(describe(report).find("150 problems\n"), std::string::npos);
  EXPECT_NE(describe(report).find("... and 50 more not shown\n"), std::string::npos);
  EXPECT_EQ(check_trace(anchor, 3).problems.size(), 3u);
}

TEST_F(TraceCheckTest, EventAttributesAreChecked) {
  Otf2TestArchive a(1);
  const OTF2_AttributeRef bytes = a.attribute("bytes", OTF2_TYPE_UINT64);
  const OTF2_AttributeRef phase = a.attribute("phase", OTF2_TYPE_STRING);
  OTF2_AttributeValue five, dangling;
  five.uint64 = 5;
  dangling.stringRef = 999;
  const OTF2_RegionRef main = a.region("main");
  a.enter(0, 10, main, {{bytes, OTF2_TYPE_UINT64, five}});
  a.enter(0, 20, main, {{phase, OTF2_TYPE_STRING, dangling}});
  a.enter(0, 30, main, {{77, OTF2_TYPE_UINT64, five}});
  a.enter(0, 40, main, {{bytes, OTF2_TYPE_INT64, five}});
  for (int i = 0; i < 4; ++i) a.leave(0, 50, main);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 3u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 2 (time 20): carries attribute 1 \"phase\" whose value is STRING 999, "
            "which is not defined");
  EXPECT_EQ(report.problems[1].what,
            "location 0 \"rank 0\", event 3 (time 30): carries attribute 77, which is not defined");
  EXPECT_EQ(report.problems[2].what,
            "location 0 \"rank 0\", event 4 (time 40): carries attribute 0 \"bytes\" as INT64, but the attribute is "
            "defined as UINT64");
}

// Both readers keep the first definition of a reference (xo/tracer/definition_reader.hpp).
TEST_F(TraceCheckTest, ARegionDefinedTwiceKeepsItsFirstDefinition) {
  Otf2TestArchive a(1);
  const OTF2_RegionRef main = a.region("main");
  a.redefine_region(main, "impostor");
  a.enter(0, 10, main);
  a.leave(0, 20, 7);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 3u) << describe(report);
  EXPECT_EQ(report.problems[0].what, "region 0 is defined twice; the first is used");
  // Named as first defined, not as redefined.
  EXPECT_TRUE(reports(report, "the innermost open region is region 0 \"main\"")) << describe(report);
}

// Calling contexts are read with the other definitions (the trace model's call sites), so a call
// site attribute that names none is caught as a dangling string is.
TEST_F(TraceCheckTest, ACallSiteNamingNoCallingContextIsReported) {
  Otf2TestArchive a(1);
  const OTF2_AttributeRef site = a.attribute("callsite", OTF2_TYPE_CALLING_CONTEXT);
  OTF2_AttributeValue dangling;
  dangling.callingContextRef = 42;
  const OTF2_RegionRef main = a.region("main");
  a.enter(0, 10, main, {{site, OTF2_TYPE_CALLING_CONTEXT, dangling}});
  a.leave(0, 20, main);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 1 (time 10): carries attribute 0 \"callsite\" whose value is "
            "CALLING_CONTEXT 42, which is not defined");
}

TEST_F(TraceCheckTest, SelfCommunicatorIsEachLocationOnItsOwn) {
  Otf2TestArchive a(2);
  const OTF2_CommRef self = a.comm_self();
  a.send(0, 10, 0, self, 1, 8);
  a.recv(0, 20, 0, self, 1, 8);
  for (int r = 0; r < 2; ++r) {
    for (int i = 0; i <= r; ++i) {  // a different number of collectives per location is fine on MPI_COMM_SELF
      a.collective_begin(r, 30 + 10 * i);
      a.collective_end(r, 35 + 10 * i, OTF2_COLLECTIVE_OP_BCAST, self, 0, 0, 0);
    }
  }
  a.send(1, 60, 1, self, 1, 8);
  const TraceCheckReport report = check(a);
  EXPECT_EQ(report.messages_matched, 1u);
  ASSERT_EQ(report.problems.size(), 1u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 1 \"rank 1\", event 5 (time 60): MpiSend names rank 1 of communicator 1 \"MPI_COMM_SELF\", "
            "which has no such rank");
}

TEST_F(TraceCheckTest, CommunicatorEventsNeedTheirFlagAndACollective) {
  Otf2TestArchive a(1);
  const OTF2_CommRef flagged = a.comm("dup", {0}, OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS);
  const OTF2_CommRef plain = a.comm("split", {0});
  a.collective_begin(0, 10);
  a.comm_create(0, 11, flagged);
  a.collective_end(0, 12, OTF2_COLLECTIVE_OP_CREATE_HANDLE, kWorld, kNoRoot, 0, 0);
  a.collective_begin(0, 20);
  a.comm_create(0, 21, plain);
  a.collective_end(0, 22, OTF2_COLLECTIVE_OP_CREATE_HANDLE, kWorld, kNoRoot, 0, 0);
  a.comm_destroy(0, 30, flagged);
  a.collective_begin(0, 40);
  a.comm_destroy(0, 41, flagged);
  a.collective_end(0, 42, OTF2_COLLECTIVE_OP_BARRIER, flagged, kNoRoot, 0, 0);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 3u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 5 (time 21): CommCreate of communicator 2 \"split\", whose definition "
            "lacks OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS, without which OTF2 allows no such event");
  EXPECT_EQ(report.problems[1].what,
            "location 0 \"rank 0\", event 7 (time 30): CommDestroy outside a collective; OTF2 requires an "
            "MpiCollectiveBegin/End pair (or a nonblocking collective) around it");
  EXPECT_EQ(report.problems[2].what,
            "location 0 \"rank 0\", event 10 (time 42): MpiCollectiveEnd of operation BARRIER encloses a "
            "CommDestroy; OTF2 requires operation DESTROY_HANDLE");
}

TEST_F(TraceCheckTest, RequestsPairWithTheirCompletion) {
  Otf2TestArchive a(2);
  a.isend_complete(0, 5, 9);
  a.irecv_request(0, 6, 4);
  a.isend(0, 7, 1, kWorld, 1, 8, 4);
  a.isend_complete(0, 8, 4);
  a.send(1, 10, 0, kWorld, 2, 8);
  a.irecv(0, 20, 1, kWorld, 2, 8, 3);
  a.recv(1, 30, 0, kWorld, 1, 8);
  const TraceCheckReport report = check(a);
  EXPECT_EQ(report.messages_matched, 2u);
  ASSERT_EQ(report.problems.size(), 3u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 1 (time 5): MpiIsendComplete of request 9, which is not pending (no "
            "MpiIsend before it)");
  EXPECT_EQ(report.problems[1].what,
            "location 0 \"rank 0\", event 3 (time 7): MpiIsend reuses request 4, still pending from the "
            "MpiIrecvRequest at event 2");
  EXPECT_EQ(report.problems[2].what,
            "location 0 \"rank 0\", event 5 (time 20): MpiIrecv of request 3, which is not pending (no "
            "MpiIrecvRequest before it)");
}

TEST_F(TraceCheckTest, CollectivesDoNotNest) {
  Otf2TestArchive a(1);
  a.collective_begin(0, 10);
  a.collective_begin(0, 20);
  a.collective_end(0, 30, OTF2_COLLECTIVE_OP_BARRIER, kWorld, kNoRoot, 0, 0);
  a.collective_end(0, 40, OTF2_COLLECTIVE_OP_BARRIER, kWorld, kNoRoot, 0, 0);
  a.collective_begin(0, 50);
  const TraceCheckReport report = check(a);
  ASSERT_EQ(report.problems.size(), 3u) << describe(report);
  EXPECT_EQ(report.problems[0].what,
            "location 0 \"rank 0\", event 2 (time 20): MpiCollectiveBegin while the collective begun at event 1 "
            "has not ended (collectives do not nest)");
  EXPECT_EQ(report.problems[1].what,
            "location 0 \"rank 0\", event 4 (time 40): MpiCollectiveEnd without an MpiCollectiveBegin");
  EXPECT_EQ(report.problems[2].what, "location 0 \"rank 0\", event 5 (time 50): MpiCollectiveBegin is never ended");
}

// A message that names the path, for archives that cannot be read at all; returns it.
std::string expect_unreadable(const std::string& anchor) {
  try {
    check_trace(anchor);
    ADD_FAILURE() << "no exception for " << anchor;
  } catch (const TraceReadError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(anchor), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    return what;
  }
  return "";
}

TEST_F(TraceCheckTest, MissingArchiveThrows) { expect_unreadable(dir_ + "/nothing/traces.otf2"); }

TEST_F(TraceCheckTest, CorruptAnchorFileThrows) {
  const std::string anchor = write(correct_archive());
  std::ofstream(anchor, std::ios::trunc) << "not an OTF2 anchor file\n";
  expect_unreadable(anchor);
}

TEST_F(TraceCheckTest, TruncatedAnchorFileThrows) {
  const std::string anchor = write(correct_archive());
  std::filesystem::resize_file(anchor, std::filesystem::file_size(anchor) / 2);
  expect_unreadable(anchor);
}

TEST_F(TraceCheckTest, TruncatedEventFileThrows) {
  const std::string anchor = write(correct_archive());
  const auto events = std::filesystem::path(anchor).replace_extension() / "1.evt";
  std::filesystem::resize_file(events, std::filesystem::file_size(events) / 2);
  expect_unreadable(anchor);
}

// The checker opens archives as the trace model does: a file OTF2 did not finish writing is named
// as cut, at any length, before OTF2 parses whatever its buffer held.
TEST_F(TraceCheckTest, EventFileCutAnywhereIsNamedTruncated) {
  const std::string anchor = write(correct_archive());
  const auto events = std::filesystem::path(anchor).replace_extension() / "1.evt";
  const std::uintmax_t size = std::filesystem::file_size(events);
  for (const std::uintmax_t cut : {size - 1, size / 2, std::uintmax_t{1}}) {
    std::filesystem::resize_file(events, cut);
    const std::string what = expect_unreadable(anchor);
    EXPECT_NE(what.find(events.string() + " is truncated"), std::string::npos) << cut << ": " << what;
  }
}

TEST_F(TraceCheckTest, GlobalDefinitionFileCutIsNamedTruncated) {
  const std::string anchor = write(correct_archive());
  const auto definitions = std::filesystem::path(anchor).replace_extension(".def");
  std::filesystem::resize_file(definitions, std::filesystem::file_size(definitions) - 1);
  EXPECT_NE(expect_unreadable(anchor).find(definitions.string() + " is truncated"), std::string::npos);
}

// Opening a FIFO would wait for a writer for good.
TEST_F(TraceCheckTest, FifoIsRefusedWithoutWaiting) {
  const std::string fifo = dir_ + "/traces.otf2";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  EXPECT_NE(expect_unreadable(fifo).find("not a regular file (a FIFO)"), std::string::npos);
}

}  // namespace
}  // namespace xo::tracer
