// xo record --mpi on the system's own MPIs (Open MPI and MPICH as Debian ships them): a job built
// with each one's mpicc and started with its mpirun leaves a valid archive (otf2-print, the
// analyzer), every message matched and none received before it was sent on the job's common clock,
// the collectives on MPI_COMM_WORLD and on a split communicator, and the library named.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "system_mpi_job.hpp"
#include "xo/analyzer/read_trace.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kSource = std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/system_mpi_job.c";
constexpr int kRanks = 4;

struct SystemMpi {
  const char* name;      // --mpi
  const char* compiler;  // its mpicc
  std::string launch;    // its mpirun with what this machine needs (Open MPI refuses root otherwise)
  const char* library;   // what MPI_Get_library_version starts with
  const char* setting;   // a variable of the MPI the launch sets, which the trace must name
  const char* schema;    // the name of its knob schema (hwmodels/real_mpi.hpp)
};

const SystemMpi kMpis[] = {
    {"openmpi", "mpicc.openmpi",
     "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_eager_limit=4096 mpirun.openmpi "
     "--oversubscribe",
     "Open MPI", "OMPI_MCA_btl_vader_eager_limit=4096", "Open MPI 4.1"},
    {"mpich", "mpicc.mpich", "env MPIR_CVAR_ASYNC_PROGRESS=0 mpirun.mpich", "MPICH", "MPIR_CVAR_ASYNC_PROGRESS=0",
     "MPICH 4.0"},
};

void PrintTo(const SystemMpi& mpi, std::ostream* out) { *out << mpi.name; }

class RecordSystemMpi : public ::testing::TestWithParam<SystemMpi> {
 protected:
  xo::test::ScratchDir scratch_{"xo-pmpi"};
  const std::string dir_ = scratch_.path();
};

TEST_P(RecordSystemMpi, AJobLeavesOneValidArchiveOfEveryRank) {
  const SystemMpi& mpi = GetParam();
  const auto job = xo::test::record_system_mpi_job(kXo, mpi.compiler, mpi.launch, kSource, kRanks, dir_);
  ASSERT_TRUE(job.ok()) << job.why();
  const auto& recorded = job.recorded;
  EXPECT_TRUE(contains(recorded.out, "sum 6")) << recorded.out;
  EXPECT_TRUE(contains(recorded.err, std::to_string(kRanks) + " ranks of " + mpi.library)) << recorded.err;
  EXPECT_FALSE(fs::exists(dir_ + "/job.otf2/rank-logs")) << "the ranks' logs are removed once merged";
  const std::string anchor = dir_ + "/job.otf2/traces.otf2";
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
  EXPECT_EQ(print.status, 0) << print.err;

  const auto model = xo::analyzer::read_trace(anchor);
  EXPECT_EQ(model.ranks(), kRanks);
  EXPECT_EQ(model.problems.total(), 0u);
  // Five sizes (8 B to 32 KiB), each a blocking and a nonblocking ring, then a Sendrecv ring, one
  // completed by MPI_Waitany and MPI_Waitsome, and a persistent one started twice.
  EXPECT_EQ(model.messages.size(), static_cast<std::size_t>(kRanks * 14));
  EXPECT_EQ(model.unreceived.size(), 0u);
  for (std::size_t i = 0; i < model.messages.size(); ++i) {
    EXPECT_GE(model.receive_time(i), model.messages.send_time[i]) << "message " << i << " arrived before it left";
  }
  std::map<std::string, int> collectives;
  for (std::size_t k = 0; k < model.collectives.size(); ++k) {
    ++collectives[model.regions.name[model.calls.region[model.collectives.call[model.collectives.first_member[k]]]]];
  }
  EXPECT_EQ(collectives["MPI_Allreduce"], 1);
  EXPECT_EQ(collectives["MPI_Bcast"], 2) << "one on each half";
  EXPECT_EQ(collectives["MPI_Barrier"], 2);
  EXPECT_EQ(collectives["MPI_Alltoallv"], 1);
  EXPECT_EQ(collectives["MPI_Gatherv"], 1);
  EXPECT_EQ(collectives["MPI_Scan"], 1);
  EXPECT_EQ(collectives["MPI_Iallreduce"], 1);
  EXPECT_EQ(collectives["MPI_Ibarrier"], 1);
  EXPECT_EQ(collectives["MPI_Ibcast"], 1);
  ASSERT_TRUE(model.run.crossover);
  EXPECT_TRUE(model.run.crossover->machine_description.rfind(mpi.library, 0) == 0)
      << model.run.crossover->machine_description;

  auto report = run_command(kXo + " report --no-history " + dir_ + "/job.otf2");
  EXPECT_EQ(report.status, 0) << report.err;
  EXPECT_TRUE(contains(report.out, std::string("MPI: ") + mpi.library)) << report.out;
  EXPECT_TRUE(contains(report.out, std::string("its settings: ") + mpi.setting)) << report.out;
  EXPECT_TRUE(contains(report.out, std::string("The settings of ") + mpi.schema + " that switch")) << report.out;
}

// Ranks on other hosts are put on rank 0's clock by ping-pongs at MPI_Init and MPI_Finalize; on
// one host XO_PMPI_CLOCK_SYNC=measure makes every rank take that path, whose offsets must then come
// out within their error of the true 0 and keep every message after its send.
TEST_P(RecordSystemMpi, ClocksSynchronisedByPingPongKeepEveryMessageAfterItsSend) {
  const SystemMpi& mpi = GetParam();
  const auto job = xo::test::record_system_mpi_job(kXo, mpi.compiler, mpi.launch, kSource, kRanks, dir_,
                                                   "XO_PMPI_CLOCK_SYNC=measure");
  ASSERT_TRUE(job.ok()) << job.why();
  const auto model = xo::analyzer::read_trace(dir_ + "/job.otf2/traces.otf2");
  ASSERT_TRUE(model.run.crossover);
  long long error_ns = -1, largest_move_ns = -1;
  for (const auto& p : model.run.crossover->parameters) {
    if (p.name == "clock_sync_error_ns") error_ns = std::stoll(p.value);
    if (p.name == "clock_largest_move_ns") largest_move_ns = std::stoll(p.value);
  }
  EXPECT_GT(error_ns, 0) << "the offsets were measured, with an error bound";
  // The true offsets are 0: a measured one far off would put receives milliseconds before their
  // sends, and the causal pass would move them that far.
  EXPECT_GE(largest_move_ns, 0);
  EXPECT_LT(largest_move_ns, 2000000) << "error bound " << error_ns << " ns";
  ASSERT_EQ(model.messages.size(), static_cast<std::size_t>(kRanks * 14));
  for (std::size_t i = 0; i < model.messages.size(); ++i) {
    EXPECT_GE(model.receive_time(i), model.messages.send_time[i]) << "message " << i << " arrived before it left";
  }
}

// Under MPI_THREAD_MULTIPLE only the thread that called MPI_Init is traced (one location per
// rank): its messages are whole, the other thread's calls counted, and the archive stays valid.
TEST_P(RecordSystemMpi, OtherThreadsCallsAreCountedNotTraced) {
  const SystemMpi& mpi = GetParam();
  const auto job =
      xo::test::record_system_mpi_job(kXo, std::string(mpi.compiler) + " -pthread", mpi.launch,
                                      std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/system_mpi_threads.c", 2, dir_);
  ASSERT_TRUE(job.ok()) << job.why();
  if (contains(job.recorded.out, "no MPI_THREAD_MULTIPLE"))
    GTEST_SKIP() << mpi.name << " offers no MPI_THREAD_MULTIPLE";
  EXPECT_TRUE(contains(job.recorded.out, "threads ok")) << job.recorded.out;
  EXPECT_TRUE(contains(job.recorded.err, "20 MPI calls from threads other than the one that called MPI_Init"))
      << job.recorded.err;
  const std::string anchor = dir_ + "/job.otf2/traces.otf2";
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
  EXPECT_EQ(print.status, 0) << print.err;
  const auto model = xo::analyzer::read_trace(anchor);
  EXPECT_EQ(model.messages.size(), 5u) << "the main thread's messages, all matched";
  auto report = run_command(kXo + " report --no-history --no-bench " + dir_ + "/job.otf2");
  EXPECT_TRUE(contains(report.out, "20 MPI calls from threads other than")) << report.out;
}

// One-sided calls are traced as regions: their time is in the profile by call.
TEST_P(RecordSystemMpi, OneSidedCallsAreRegionsOfTheProfile) {
  const SystemMpi& mpi = GetParam();
  const auto job = xo::test::record_system_mpi_job(
      kXo, mpi.compiler, mpi.launch, std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/system_mpi_one_sided.c", 2, dir_);
  ASSERT_TRUE(job.ok()) << job.why();
  EXPECT_TRUE(contains(job.recorded.out, "one-sided ok")) << job.recorded.out;
  const std::string anchor = dir_ + "/job.otf2/traces.otf2";
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
  EXPECT_EQ(print.status, 0) << print.err;
  const auto model = xo::analyzer::read_trace(anchor);
  std::map<std::string, int> calls;
  for (std::size_t i = 0; i < model.calls.size(); ++i) ++calls[model.regions.name[model.calls.region[i]]];
  EXPECT_EQ(calls["MPI_Win_allocate"], 2);
  EXPECT_EQ(calls["MPI_Win_fence"], 6);
  EXPECT_EQ(calls["MPI_Put"], 2);
  EXPECT_EQ(calls["MPI_Get"], 2);
  EXPECT_EQ(calls["MPI_Accumulate"], 2);
  EXPECT_EQ(calls["MPI_Fetch_and_op"], 2);
  EXPECT_EQ(calls["MPI_Win_lock"], 2);
  EXPECT_EQ(calls["MPI_Win_unlock"], 2);
  EXPECT_EQ(calls["MPI_Win_free"], 2);
  EXPECT_EQ(model.problems.total(), 0u);
}

INSTANTIATE_TEST_SUITE_P(SystemMpis, RecordSystemMpi, ::testing::ValuesIn(kMpis),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(RecordSystemMpiUsage, CommandAndMpiAreChecked) {
  auto no_output = run_command(kXo + " record --mpi=system -- mpirun.mpich -np 2 true");
  EXPECT_EQ(no_output.status, 2);
  EXPECT_TRUE(contains(no_output.err, "--mpi needs -o DIR")) << no_output.err;
  auto unknown = run_command(kXo + " record --mpi=system -o /tmp/xo-pmpi-never -- true");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_TRUE(contains(unknown.err, "cannot tell which MPI 'true'")) << unknown.err;
  auto bad = run_command(kXo + " record --mpi=lam -o /tmp/xo-pmpi-never -- mpirun -np 2 true");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.err, "--mpi=lam: choose system, openmpi or mpich")) << bad.err;
  // Debian's plain mpirun is one MPI's, mpicc perhaps the other's: said before anything runs.
  auto mixed = run_command(
      "{ cd /tmp && printf '%s\\n' '#include <mpi.h>' 'int main(int c, char** v) { MPI_Init(&c, &v); "
      "return MPI_Finalize(); }' > xo-pmpi-mixed.c && mpicc.mpich "
      "xo-pmpi-mixed.c -o xo-pmpi-mixed && " +
      kXo +
      " record --mpi=system -o /tmp/xo-pmpi-never -- mpirun.openmpi -np 2 ./xo-pmpi-mixed; "
      "status=$?; rm -f xo-pmpi-mixed xo-pmpi-mixed.c; exit $status; }");
  EXPECT_EQ(mixed.status, 2);
  EXPECT_TRUE(contains(mixed.err, "the program is built with MPICH but 'mpirun.openmpi'")) << mixed.err;
  auto simulated = run_command(kXo + " record --mpi=system -n 4 -o /tmp/xo-pmpi-never -- mpirun.mpich -np 2 true");
  EXPECT_EQ(simulated.status, 2);
  EXPECT_TRUE(contains(simulated.err, "drop -n, --machine")) << simulated.err;
  EXPECT_FALSE(fs::exists("/tmp/xo-pmpi-never")) << "nothing made for a refused command";
}

}  // namespace

// A failing job: `source` built with MPICH's mpicc in a directory of its own (removed with the
// object) and recorded on 2 ranks into DIR/job.otf2.
struct FailingJob {
  xo::test::ScratchDir scratch{"xo-pmpi-failing"};
  const std::string dir = scratch.path();
  bool built = false;
  xo::test::CommandResult recorded;

  explicit FailingJob(const std::string& source) {
    std::ofstream(dir + "/job.c") << source;
    built = run_command("mpicc.mpich " + dir + "/job.c -o " + dir + "/job").status == 0;
    recorded = run_command("cd " + dir + " && " + kXo + " record --mpi=system -o job.otf2 -- mpirun.mpich -np 2 ./job");
  }
  std::string anchor() const { return dir + "/job.otf2/traces.otf2"; }
};

// A rank that crashes writes what it logged before dying: the trace shows its calls up to the crash.
TEST(RecordSystemMpiFailure, ACrashedRankKeepsItsCalls) {
  const FailingJob job(
      "#include <mpi.h>\n#include <signal.h>\nint main(int c, char** v) { MPI_Init(&c, &v); int r; "
      "MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Barrier(MPI_COMM_WORLD); if (r == 1) raise(SIGSEGV); "
      "MPI_Barrier(MPI_COMM_WORLD); MPI_Finalize(); return 0; }\n");
  ASSERT_TRUE(job.built);
  EXPECT_NE(job.recorded.status, 0);
  const auto model = xo::analyzer::read_trace(job.anchor());
  int barriers_of_rank_1 = 0;
  for (std::size_t i = 0; i < model.calls.size(); ++i) {
    barriers_of_rank_1 += model.call_rank(i) == 1 && model.regions.name[model.calls.region[i]] == "MPI_Barrier";
  }
  EXPECT_EQ(barriers_of_rank_1, 1) << job.recorded.err;
}

// A job that aborts still leaves a valid archive, with what the aborting rank did, and its status.
TEST(RecordSystemMpiFailure, AnAbortedJobLeavesItsTrace) {
  const FailingJob job(
      "#include <mpi.h>\nint main(int c, char** v) { MPI_Init(&c, &v); int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); "
      "MPI_Barrier(MPI_COMM_WORLD); if (r == 0) MPI_Abort(MPI_COMM_WORLD, 3); MPI_Barrier(MPI_COMM_WORLD); "
      "MPI_Finalize(); return 0; }\n");
  ASSERT_TRUE(job.built);
  EXPECT_NE(job.recorded.status, 0) << "the job's failure is xo's";
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + job.anchor());
  EXPECT_EQ(print.status, 0) << print.err << job.recorded.err;
  const auto model = xo::analyzer::read_trace(job.anchor());
  bool aborted = false;
  for (std::size_t i = 0; i < model.calls.size(); ++i)
    aborted = aborted || model.regions.name[model.calls.region[i]] == "MPI_Abort";
  EXPECT_TRUE(aborted) << "rank 0's log reached its MPI_Abort";
}
