// Nonblocking collectives in the OTF2 writer: a run with an MPI_Ibcast and an MPI_Iallreduce
// pending at once and a blocking MPI_Barrier between (nonblocking_collective_run.hpp) gives an
// archive that otf2-print and the trace checker accept, with NonBlockingCollectiveRequest inside
// the starting call and NonBlockingCollectiveComplete, as its blocking twin's MpiCollectiveEnd
// would say it, inside the call that retired it; a completion the writer cannot write is left out.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "archive_contents.hpp"
#include "nonblocking_collective_run.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/otf2_writer.hpp"
#include "xo/tracer/trace_check.hpp"

namespace {

namespace fs = std::filesystem;
namespace run = xo::test::nonblocking_run;
using xo::test::ArchiveContents;
using xo::test::ReadEvent;

// A run's archive in a directory of its own, removed afterwards.
class ArchiveDir {
 public:
  std::string str() const { return dir_.path(); }
  std::string anchor() const { return dir_.file("traces.otf2"); }

 private:
  xo::test::ScratchDir dir_{"xo-nbc-trace"};
};

xo::tracer::Otf2WriterOptions options() { return {"xo test", "nonblocking_collective_trace_test"}; }

// A run of one rank, with MPI_COMM_WORLD defined.
void start_one_rank(xo::tracer::Otf2Writer& writer) {
  xo::mpi::RunInfo info;
  info.ranks = 1;
  writer.run_started(info);
  writer.comm_defined({run::kWorld, "MPI_COMM_WORLD", {0}, 0});
}

std::vector<std::string> records(const std::vector<ReadEvent>& events) {
  std::vector<std::string> out;
  for (const ReadEvent& e : events) out.push_back(e.record);
  return out;
}

std::vector<const ReadEvent*> all(const std::vector<ReadEvent>& events, const std::string& record) {
  std::vector<const ReadEvent*> out;
  for (const ReadEvent& e : events) {
    if (e.record == record) out.push_back(&e);
  }
  return out;
}

class NonblockingCollectiveTrace : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ArchiveDir;
    xo::tracer::Otf2Writer writer(dir_->str(), options());
    run::report(writer);
    writer.finish();
    repaired_ = writer.repaired_events();
    contents_ = new ArchiveContents(xo::test::read_archive(dir_->anchor()));
  }
  static void TearDownTestSuite() {
    delete contents_;
    delete dir_;
  }
  static const ArchiveContents& c() { return *contents_; }
  static std::uint64_t region(const std::string& name) { return static_cast<std::uint64_t>(c().region_ref(name)); }

  static ArchiveDir* dir_;
  static std::uint64_t repaired_;
  static ArchiveContents* contents_;
};
ArchiveDir* NonblockingCollectiveTrace::dir_ = nullptr;
std::uint64_t NonblockingCollectiveTrace::repaired_ = 1;
ArchiveContents* NonblockingCollectiveTrace::contents_ = nullptr;

TEST_F(NonblockingCollectiveTrace, PassesOtf2PrintAndTheChecker) {
  EXPECT_EQ(repaired_, 0u);
  const auto print = xo::test::run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + dir_->anchor());
  EXPECT_EQ(print.status, 0) << print.out << print.err;
  const auto report = xo::tracer::check_trace(dir_->anchor());
  EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
}

TEST_F(NonblockingCollectiveTrace, RequestsAreInTheStartingCallsAndCompletionsInTheRetiringOnes) {
  // Rank 1 retires both in one MPI_Waitall, the Iallreduce first.
  EXPECT_EQ(records(c().events.at(1)),
            (std::vector<std::string>{"Enter", "Leave", "Enter", "NonBlockingCollectiveRequest", "Leave", "Enter",
                                      "NonBlockingCollectiveRequest", "Leave", "Enter", "MpiCollectiveBegin",
                                      "MpiCollectiveEnd", "Leave", "Enter", "NonBlockingCollectiveComplete",
                                      "NonBlockingCollectiveComplete", "Leave", "Enter", "Leave"}));
  const std::vector<ReadEvent>& rank1 = c().events.at(1);
  EXPECT_EQ(rank1[2].fields, (std::vector<std::uint64_t>{region("MPI_Ibcast")}));
  EXPECT_EQ(rank1[3].fields, (std::vector<std::uint64_t>{run::bcast_request(1)}));
  EXPECT_EQ(rank1[3].time, static_cast<std::uint64_t>(run::ibcast_enter(1) + 10));
  EXPECT_EQ(rank1[5].fields, (std::vector<std::uint64_t>{region("MPI_Iallreduce")}));
  EXPECT_EQ(rank1[6].fields, (std::vector<std::uint64_t>{run::allreduce_request(1)}));
  EXPECT_EQ(rank1[12].fields, (std::vector<std::uint64_t>{region("MPI_Waitall")}));
  // Rank 2 retires the Ibcast before the barrier.
  EXPECT_EQ(all(c().events.at(2), "NonBlockingCollectiveComplete").front()->time, 3500u);
}

TEST_F(NonblockingCollectiveTrace, CompletionSaysWhatTheBlockingTwinsEndWould) {
  const auto root = all(c().events.at(0), "NonBlockingCollectiveComplete");
  ASSERT_EQ(root.size(), 2u);
  const std::uint64_t world = static_cast<std::uint64_t>(c().comm_ref("MPI_COMM_WORLD"));
  // operation, communicator, root, bytes sent, bytes received, request
  EXPECT_EQ(root[0]->fields, (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_BCAST, world, 0, 512, 0, 1}));
  EXPECT_EQ(root[0]->time, 5100u);
  EXPECT_EQ(root[0]->attributes, (std::map<std::string, std::string>{{"algorithm", "binomial"}}));
  EXPECT_EQ(root[1]->fields,
            (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_ALLREDUCE, world, OTF2_COLLECTIVE_ROOT_NONE, 8, 8, 2}));
  EXPECT_EQ(root[1]->attributes, (std::map<std::string, std::string>{{"algorithm", "recursive_doubling"}}));
  const auto leaf = all(c().events.at(1), "NonBlockingCollectiveComplete");
  ASSERT_EQ(leaf.size(), 2u);
  EXPECT_EQ(leaf[0]->fields,
            (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_ALLREDUCE, world, OTF2_COLLECTIVE_ROOT_NONE, 8, 8, 102}));
  EXPECT_EQ(leaf[1]->fields, (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_BCAST, world, 0, 0, 256, 101}));
}

TEST_F(NonblockingCollectiveTrace, StartingCallsHaveTheirBlockingTwinsRoles) {
  const std::map<std::string, OTF2_RegionRole> expected = {{"MPI_Ibcast", OTF2_REGION_ROLE_COLL_ONE2ALL},
                                                           {"MPI_Iallreduce", OTF2_REGION_ROLE_COLL_ALL2ALL},
                                                           {"MPI_Barrier", OTF2_REGION_ROLE_BARRIER},
                                                           {"MPI_Wait", OTF2_REGION_ROLE_POINT2POINT},
                                                           {"MPI_Waitall", OTF2_REGION_ROLE_POINT2POINT}};
  for (const auto& [name, role] : expected) {
    ASSERT_GE(c().region_ref(name), 0) << name;
    EXPECT_EQ(c().regions.at(region(name)).role, role) << name;
  }
}

// Breaking the observer's contract is a caller's bug: debug builds assert, others leave out what
// OTF2 cannot say and count it.
TEST(NonblockingCollectiveWriter, ACompletionWithoutItsRequestIsLeftOutAndCounted) {
  ArchiveDir dir;
  xo::tracer::Otf2Writer writer(dir.str(), options());
  start_one_rank(writer);
  writer.call_entered(0, "MPI_Wait", 100, 0);
  EXPECT_DEBUG_DEATH(writer.collective_complete(0, run::iallreduce(), 7, 200), "completes once started");
#ifdef NDEBUG
  writer.call_left(0, "MPI_Wait", 200);
  writer.run_finished(200, 0);
  writer.finish();
  EXPECT_EQ(writer.repaired_events(), 1u);
  EXPECT_EQ(records(xo::test::read_archive(dir.anchor()).events.at(0)), (std::vector<std::string>{"Enter", "Leave"}));
#endif
}

TEST(NonblockingCollectiveWriter, ACollectiveOtf2CannotNameLeavesOutItsRequest) {
  ArchiveDir dir;
  xo::tracer::Otf2Writer writer(dir.str(), options());
  start_one_rank(writer);
  writer.call_entered(0, "MPI_Ifrobnicate", 100, 0);
  writer.collective_request(0, 7, 150);
  writer.call_left(0, "MPI_Ifrobnicate", 200);
  xo::mpi::CollectiveEvent c;
  c.call = "MPI_Ifrobnicate";
  c.comm_id = run::kWorld;
  writer.call_entered(0, "MPI_Wait", 300, 0);
  EXPECT_DEBUG_DEATH(writer.collective_complete(0, c, 7, 400), "completes once started");
#ifdef NDEBUG
  writer.call_left(0, "MPI_Wait", 400);
  writer.run_finished(400, 0);
  writer.finish();
  EXPECT_EQ(writer.repaired_events(), 1u);
  EXPECT_EQ(records(xo::test::read_archive(dir.anchor()).events.at(0)),
            (std::vector<std::string>{"Enter", "Leave", "Enter", "Leave"}));
  EXPECT_TRUE(xo::tracer::check_trace(dir.anchor()).ok());
#endif
}

}  // namespace
