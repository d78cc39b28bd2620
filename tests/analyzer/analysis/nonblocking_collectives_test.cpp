// Nonblocking collectives read back by the analyzer (the run of tests/tracer/
// nonblocking_collective_run.hpp, written by the OTF2 writer): instances matched in the order the
// members started them though each completes them in its own order, spanning request to
// completion; the MPI profile counts the starting calls and the waits like any call and gives the
// algorithms their time; no collective samples and no wait states come from them.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../../tracer/nonblocking_collective_run.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/wait_states.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace {

namespace run = xo::test::nonblocking_run;
using xo::analyzer::Index;
using xo::analyzer::kNoIndex;
using xo::analyzer::kNoRank;
using xo::analyzer::TraceModel;

constexpr double kPs = 1e-12;  // the writer's clock ticks, in seconds

class NonblockingCollectives : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    xo::test::ScratchDir dir;
    xo::tracer::Otf2Writer writer(dir.path(), {"xo test", "nonblocking_collectives_test"});
    run::report(writer);
    writer.finish();
    model_ = new TraceModel(xo::analyzer::read_trace(dir.path() + "/traces.otf2"));
  }
  static void TearDownTestSuite() { delete model_; }

  static const TraceModel& m() { return *model_; }
  static std::string call_name(Index call) {
    return call == kNoIndex ? "(none)" : m().regions.name[m().calls.region[call]];
  }
  // The instance of the operation, which occurs once in the run.
  static Index instance(OTF2_CollectiveOp op) {
    for (Index i = 0; i < m().collectives.size(); ++i) {
      if (m().collectives.operation[i] == op) return i;
    }
    return kNoIndex;
  }

  static TraceModel* model_;
};
TraceModel* NonblockingCollectives::model_ = nullptr;

TEST_F(NonblockingCollectives, AreInstancesInTheOrderStartedFromRequestToCompletion) {
  EXPECT_EQ(m().problems.total(), 0u) << (m().problems.examples.empty() ? "" : m().problems.examples.front());
  const auto& c = m().collectives;
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(instance(OTF2_COLLECTIVE_OP_BCAST), 0u);
  EXPECT_EQ(instance(OTF2_COLLECTIVE_OP_ALLREDUCE), 1u);
  EXPECT_EQ(instance(OTF2_COLLECTIVE_OP_BARRIER), 2u);
  EXPECT_EQ(c.nonblocking, (std::vector<std::uint8_t>{1, 1, 0}));
  EXPECT_EQ(c.root[0], 0);
  EXPECT_EQ(c.root[1], kNoRank);
  EXPECT_EQ(m().strings.at(c.algorithm[0]), "binomial");
  EXPECT_EQ(m().strings.at(c.algorithm[1]), "recursive_doubling");

  // Members in rank order: starting call, completing call, request and completion times.
  const std::vector<std::string> bcast_waits = {"MPI_Wait", "MPI_Waitall", "MPI_Wait"};
  const std::vector<double> bcast_done = {5100, 5800, 3500};
  const std::vector<double> allreduce_done = {6000, 5800, 6000};
  ASSERT_EQ(c.member_count, (std::vector<std::uint32_t>{3, 3, 3}));
  for (int rank = 0; rank < run::kRanks; ++rank) {
    SCOPED_TRACE(rank);
    const Index bcast = c.first_member[0] + static_cast<Index>(rank);
    EXPECT_EQ(c.rank[bcast], rank);
    EXPECT_EQ(call_name(c.call[bcast]), "MPI_Ibcast");
    EXPECT_EQ(call_name(c.complete_call[bcast]), bcast_waits[static_cast<std::size_t>(rank)]);
    EXPECT_NEAR(c.begin[bcast], static_cast<double>(run::ibcast_enter(rank) + 10) * kPs, 1e-15);
    EXPECT_NEAR(c.end[bcast], bcast_done[static_cast<std::size_t>(rank)] * kPs, 1e-15);
    EXPECT_EQ(c.bytes_received[bcast], rank == 0 ? 0u : 256u);
    const Index allreduce = c.first_member[1] + static_cast<Index>(rank);
    EXPECT_EQ(call_name(c.call[allreduce]), "MPI_Iallreduce");
    EXPECT_EQ(call_name(c.complete_call[allreduce]), rank == 1 ? "MPI_Waitall" : "MPI_Wait");
    EXPECT_NEAR(c.end[allreduce], allreduce_done[static_cast<std::size_t>(rank)] * kPs, 1e-15);
    const Index barrier = c.first_member[2] + static_cast<Index>(rank);
    EXPECT_EQ(call_name(c.call[barrier]), "MPI_Barrier");
    EXPECT_EQ(c.complete_call[barrier], kNoIndex);
  }
}

TEST_F(NonblockingCollectives, ProfileCountsTheirCallsAndGivesTheAlgorithmsTheWaits) {
  const auto profile = xo::analyzer::profile_mpi(m());
  std::map<std::string, std::uint64_t> counts;
  for (const auto& row : profile.by_call) counts[row.call] = row.count;
  EXPECT_EQ(counts, (std::map<std::string, std::uint64_t>{{"MPI_Barrier", 3},
                                                          {"MPI_Finalize", 3},
                                                          {"MPI_Iallreduce", 3},
                                                          {"MPI_Ibcast", 3},
                                                          {"MPI_Init", 3},
                                                          {"MPI_Wait", 4},
                                                          {"MPI_Waitall", 1}}));
  // Each starting call (50 ps) and the waits: rank 1's MPI_Waitall (800 ps) retires both.
  std::map<std::string, double> seconds;
  std::map<std::string, std::uint64_t> members;
  for (const auto& row : profile.by_protocol) {
    seconds[row.protocol] = row.seconds;
    members[row.protocol] = row.messages;
  }
  EXPECT_NEAR(seconds["MPI_Ibcast: binomial"], (150 + 100 + 400 + 500) * kPs, 1e-15);
  EXPECT_NEAR(seconds["MPI_Iallreduce: recursive_doubling"], (150 + 800 + 400 + 1000) * kPs, 1e-15);
  EXPECT_NEAR(seconds["MPI_Barrier: dissemination"], (500 + 400 + 300) * kPs, 1e-15);
  EXPECT_EQ(members["MPI_Ibcast: binomial"], 3u);
  EXPECT_EQ(members["MPI_Iallreduce: recursive_doubling"], 3u);
}

TEST_F(NonblockingCollectives, GiveNoCollectiveSamples) {
  std::vector<xo::analyzer::CollectiveSample> samples;
  xo::analyzer::add_collective_samples(m(), samples);
  ASSERT_EQ(samples.size(), 1u);
  EXPECT_EQ(samples[0].call, "MPI_Barrier");
  EXPECT_EQ(samples[0].ranks, 3);
  EXPECT_NEAR(samples[0].seconds, 500 * kPs, 1e-15);
}

// The root enters MPI_Ibcast last and rank 2 MPI_Iallreduce: were they blocking, the others would
// wait. Only the barrier's waits are wait states.
TEST_F(NonblockingCollectives, GiveNoWaitStates) {
  const auto waits = xo::analyzer::find_wait_states(m());
  ASSERT_EQ(waits.size(), 2u);
  for (std::size_t i = 0; i < waits.size(); ++i) {
    EXPECT_EQ(waits.kind[i], xo::analyzer::WaitKind::WaitAtBarrier);
    EXPECT_EQ(waits.source[i], instance(OTF2_COLLECTIVE_OP_BARRIER));
    EXPECT_EQ(waits.waited_for[i], 2);
    EXPECT_NEAR(waits.seconds[i], (200 - 100 * waits.rank[i]) * kPs, 1e-15);
  }
}

}  // namespace
