// xo record --mpi on the wider MPI surface of the system's own MPIs (tests/programs/
// system_mpi_call_mix.c on 4 ranks): nonblocking collectives with per-rank counts, MPI_Alltoallw,
// neighbourhood collectives, the remaining send modes and an intercommunicator. The archive passes
// otf2-print and the trace checker; every message is paired with the right world ranks (across the
// intercommunicator too, whose peers are ranks of the other group) and arrives after it left; each
// collective is one instance of all 4 ranks, named after its call, with the bytes its buffers moved.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "system_mpi_job.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/trace_check.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kSource = std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/system_mpi_call_mix.c";
constexpr int kRanks = 4;
constexpr unsigned kInterTag = 42;

struct SystemMpi {
  const char* name;      // the test's suffix
  const char* compiler;  // its mpicc
  const char* launch;    // its mpirun with what this machine needs (Open MPI refuses root otherwise)
};

const SystemMpi kMpis[] = {
    {"openmpi", "mpicc.openmpi",
     "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun.openmpi --oversubscribe"},
    {"mpich", "mpicc.mpich", "mpirun.mpich"},
};

void PrintTo(const SystemMpi& mpi, std::ostream* out) { *out << mpi.name; }

// One collective instance's members, by world rank: (bytes sent, bytes received).
using Members = std::map<int, std::pair<std::uint64_t, std::uint64_t>>;

class RecordSystemMpiCallMix : public ::testing::TestWithParam<SystemMpi> {
 protected:
  xo::test::ScratchDir scratch_{"xo-pmpi-mix"};
  const std::string dir_ = scratch_.path();
};

TEST_P(RecordSystemMpiCallMix, EveryCallIsRecordedWithItsRanksAndBytes) {
  const SystemMpi& mpi = GetParam();
  const auto job = xo::test::record_system_mpi_job(kXo, mpi.compiler, mpi.launch, kSource, kRanks, dir_);
  ASSERT_TRUE(job.ok()) << job.why();
  const auto& recorded = job.recorded;
  EXPECT_TRUE(contains(recorded.out, "call mix ok")) << recorded.out << recorded.err;
  const std::string anchor = dir_ + "/job.otf2/traces.otf2";
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
  EXPECT_EQ(print.status, 0) << print.err;
  const auto report = xo::tracer::check_trace(anchor);
  EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);

  const auto model = xo::analyzer::read_trace(anchor);
  ASSERT_EQ(model.ranks(), kRanks);
  EXPECT_EQ(model.problems.total(), 0u);
  // A ring each of MPI_Sendrecv_replace, persistent synchronous, buffered and ready sends,
  // MPI_Ibsend and MPI_Irsend (tags 1 to 6), and one message a rank across the intercommunicator.
  ASSERT_EQ(model.messages.size(), static_cast<std::size_t>(kRanks * 7));
  EXPECT_EQ(model.unreceived.size(), 0u);
  const std::map<unsigned, std::string> sent_in = {{1, "MPI_Sendrecv_replace"}, {2, "MPI_Start"}, {3, "MPI_Start"},
                                                   {4, "MPI_Ibsend"},           {5, "MPI_Start"}, {6, "MPI_Irsend"},
                                                   {kInterTag, "MPI_Send"}};
  std::set<std::pair<int, int>> across;
  for (std::size_t i = 0; i < model.messages.size(); ++i) {
    const unsigned tag = model.messages.tag[i];
    const int from = model.messages.sender[i], to = model.messages.receiver[i];
    EXPECT_GE(model.receive_time(i), model.messages.send_time[i]) << "message " << i << " arrived before it left";
    ASSERT_TRUE(sent_in.count(tag)) << "tag " << tag;
    EXPECT_EQ(model.regions.name[model.calls.region[model.messages.send_call[i]]], sent_in.at(tag)) << "tag " << tag;
    if (tag == kInterTag) {
      across.insert({from, to});
    } else {
      EXPECT_EQ(to, (from + 1) % kRanks) << "tag " << tag;
    }
  }
  // Local rank i of each group sends to remote rank 1 - i: evens {0, 2}, odds {1, 3}.
  EXPECT_EQ(across, (std::set<std::pair<int, int>>{{0, 3}, {2, 1}, {1, 2}, {3, 0}}));

  std::map<std::string, std::vector<Members>> collectives;  // by the call's region name
  for (std::size_t k = 0; k < model.collectives.size(); ++k) {
    const auto first = model.collectives.first_member[k];
    Members members;
    for (std::size_t m = first; m < first + model.collectives.member_count[k]; ++m) {
      members[model.collectives.rank[m]] = {model.collectives.bytes_sent[m], model.collectives.bytes_received[m]};
    }
    collectives[model.regions.name[model.calls.region[model.collectives.call[first]]]].push_back(members);
  }
  for (const char* call : {"MPI_Igather",
                           "MPI_Igatherv",
                           "MPI_Iscatter",
                           "MPI_Iscatterv",
                           "MPI_Iallgatherv",
                           "MPI_Ialltoallv",
                           "MPI_Ialltoallw",
                           "MPI_Ireduce_scatter",
                           "MPI_Ireduce_scatter_block",
                           "MPI_Iscan",
                           "MPI_Iexscan",
                           "MPI_Alltoallw",
                           "MPI_Neighbor_allgather",
                           "MPI_Neighbor_allgatherv",
                           "MPI_Neighbor_alltoall",
                           "MPI_Neighbor_alltoallv",
                           "MPI_Neighbor_alltoallw",
                           "MPI_Ineighbor_allgather",
                           "MPI_Ineighbor_allgatherv",
                           "MPI_Ineighbor_alltoall",
                           "MPI_Ineighbor_alltoallv",
                           "MPI_Ineighbor_alltoallw",
                           "MPI_Bcast"}) {
    ASSERT_EQ(collectives[call].size(), 1u) << call;
    EXPECT_EQ(collectives[call][0].size(), static_cast<std::size_t>(kRanks)) << call;
  }
  // On MPI_COMM_WORLD (before the ready sends) and on the intercommunicator, of both groups.
  ASSERT_EQ(collectives["MPI_Barrier"].size(), 2u);
  for (const Members& barrier : collectives["MPI_Barrier"]) EXPECT_EQ(barrier.size(), static_cast<std::size_t>(kRanks));

  const std::pair<std::uint64_t, std::uint64_t> none{0, 0}, one_int{0, 4}, sends_one{4, 0}, one_each{4, 4},
      two_each{8, 8};
  // In place: it sends what it receives.
  for (const auto& [rank, bytes] : collectives["MPI_Alltoallw"][0]) {
    EXPECT_EQ(bytes, (std::pair<std::uint64_t, std::uint64_t>{16, 16})) << "rank " << rank;
  }
  // One int to each of two neighbours on the ring: the send buffer holds it once.
  for (const auto& [rank, bytes] : collectives["MPI_Neighbor_allgather"][0]) {
    EXPECT_EQ(bytes, (std::pair<std::uint64_t, std::uint64_t>{4, 8})) << "rank " << rank;
  }
  // On the line, the ends' missing neighbours (MPI_PROC_NULL) move nothing.
  const Members& line = collectives["MPI_Ineighbor_alltoallv"][0];
  EXPECT_EQ(line, (Members{{0, one_each}, {1, two_each}, {2, two_each}, {3, one_each}}));
  // The intercommunicator's broadcast: world rank 0 is the root (MPI_ROOT), rank 2 its bystander
  // (MPI_PROC_NULL), the odd ranks receive.
  EXPECT_EQ(collectives["MPI_Bcast"][0], (Members{{0, sends_one}, {1, one_int}, {2, none}, {3, one_int}}));

  std::map<std::string, int> calls;
  for (std::size_t i = 0; i < model.calls.size(); ++i) ++calls[model.regions.name[model.calls.region[i]]];
  for (const char* call :
       {"MPI_Ssend_init", "MPI_Bsend_init", "MPI_Rsend_init", "MPI_Intercomm_create", "MPI_Intercomm_merge"}) {
    EXPECT_EQ(calls[call], kRanks) << call;
  }
}

INSTANTIATE_TEST_SUITE_P(SystemMpis, RecordSystemMpiCallMix, ::testing::ValuesIn(kMpis),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
