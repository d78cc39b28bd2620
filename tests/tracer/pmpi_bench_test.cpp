// xo bench --mpi and xo report's advice on the system's own MPIs (Open MPI and MPICH as Debian
// ships them), on this machine: the bench finds each library's eager/rendezvous boundary from the
// half round trips alone where its setting puts it (Open MPI's vader eager limit of 4 KiB within
// one measured size step), stores the run, and xo report prices a job's messages with it and
// verifies the advice by running the job again.

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
// Open MPI refuses root unless told; ranks on one host.
const std::string kOpenMpi = "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun.openmpi";

class SystemMpiBench : public ::testing::Test {
 protected:
  // Builds the ring exchange with Open MPI's mpicc and records it with messages of `bytes`.
  void record_halo(int bytes) {
    auto built = run_command("mpicc.openmpi -O2 " + std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/halo_exchange.c -o " +
                             dir_ + "/halo");
    ASSERT_EQ(built.status, 0) << built.err;
    auto recorded = run_command("cd " + dir_ + " && " + kXo + " record --mpi=system -o halo.otf2 -- " + kOpenMpi +
                                " -np 2 ./halo " + std::to_string(bytes));
    ASSERT_EQ(recorded.status, 0) << recorded.err;
  }

  xo::test::ScratchDir scratch_{"xo-pmpi-bench"};
  const std::string dir_ = scratch_.path();
};

// The row of `value` in the boundaries table of the bench's output.
std::string boundary_row(const std::string& out, const std::string& value) {
  std::smatch m;
  if (std::regex_search(out, m, std::regex("\n  " + value + " [^\n]*"))) return m.str();
  return "";
}

TEST_F(SystemMpiBench, OpenMpisEagerLimitIsFoundWhereItIsSetAndTheAdviceVerified) {
  const std::string db = dir_ + "/history.db";
  // Three interleaved rounds, as for MPICH below: with one, a burst of load on the shared host
  // sometimes moved the boundary a size step.
  auto bench =
      run_command("cd " + dir_ + " && " + kXo + " bench --mpi=system --suite pt2pt --reps 100 --rounds 3 --db " + db +
                  " -- " + kOpenMpi + " -np 2");
  ASSERT_EQ(bench.status, 0) << bench.err << bench.out;
  EXPECT_TRUE(contains(bench.out, "Open MPI v4.1")) << bench.out;
  // The default 4096 (header included): the boundary between the sizes 3444 and 4096.
  const std::string own = boundary_row(bench.out, "4096 \\(own\\)");
  EXPECT_TRUE(contains(own, "up to 4 KiB") && contains(own, "yes")) << bench.out;
  // The other limits up to vader's max_send_size (32768 by default, `ompi_info --param btl vader
  // --level 9`): there the eager limit alone decides the protocol. Above it a message is sent in
  // fragments of max_send_size, and whether that beats the single-copy rendezvous depends on the
  // host's copy bandwidth at the time (65536 to 262144 showed their boundary at their value on one
  // day and at 8-11 KiB on another), so those are not asserted. Each run is one launch on a shared
  // host, and a whole launch can run slow (2.5x at every size, in two rounds of three, seen once in
  // CI), so most, not each, must show their boundary where they put it (found by the fit of the
  // whole curve, or by the test at the value where that fit spent its segments on other bends).
  int at_value = 0;
  for (const char* value : {"1024", "2048", "8192", "16384", "32768"}) {
    if (contains(boundary_row(bench.out, value), "yes")) ++at_value;
  }
  EXPECT_GE(at_value, 4) << bench.out;
  EXPECT_TRUE(contains(bench.err, "stored as run 1")) << bench.err;
  auto print =
      run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + dir_ + "/openmpi-bench/1/pt2pt/traces.otf2");
  EXPECT_EQ(print.status, 0) << print.err;
  // xo report finds the same boundary in the trace alone, and fits each side of it.
  auto pingpong = run_command(kXo + " report --no-history --no-bench " + dir_ + "/openmpi-bench/1/pt2pt");
  ASSERT_EQ(pingpong.status, 0) << pingpong.err;
  EXPECT_TRUE(contains(pingpong.out, "above 3.36 KiB, up to 4 KiB")) << pingpong.out;
  EXPECT_TRUE(contains(pingpong.out, "  sizes 4 KiB to ")) << pingpong.out;

  // A job of 16 KiB messages: eager under a raised limit.
  ASSERT_NO_FATAL_FAILURE(record_halo(16384));
  auto report = run_command("cd " + dir_ + " && " + kXo + " report --no-store --verify --verify-runs 3 --db " + db +
                            " halo.otf2");
  ASSERT_EQ(report.status, 0) << report.err << report.out;
  EXPECT_TRUE(contains(report.out, "advice on them from xo bench --mpi run 1")) << report.out;
  // Whether the raised limit pays at 16 KiB is the bench's real timing on a shared host (eager and
  // single-copy rendezvous come within noise of each other here in some runs): the report follows
  // the bench either way, and tests assert no wall-clock outcome.
  if (!contains(report.out, "export OMPI_MCA_btl_vader_eager_limit=")) {
    EXPECT_TRUE(contains(report.out,
                         "none: by the bench's measurements, no setting would make this run's "
                         "communication faster"))
        << report.out;
    return;
  }
  EXPECT_TRUE(contains(report.out, "the job's messages of 16 KiB (6000 of 6000)")) << report.out;
  EXPECT_TRUE(contains(report.out, "it was run again by its own command 3 times with the settings")) << report.out;
  EXPECT_TRUE(contains(report.out, "measured: time in MPI summed over the ranks, without MPI_Init")) << report.out;
}

TEST_F(SystemMpiBench, WithoutABenchTheReportSaysWhichCommandMakesOne) {
  ASSERT_NO_FATAL_FAILURE(record_halo(1024));
  auto report = run_command("cd " + dir_ + " && " + kXo + " report --no-store --db " + dir_ + "/empty.db halo.otf2");
  ASSERT_EQ(report.status, 0) << report.err;
  EXPECT_TRUE(contains(report.out, "no xo bench --mpi of this Open MPI 4.1 on this host")) << report.out;
  EXPECT_TRUE(contains(report.out,
                       "xo bench --mpi=system -- env OMPI_ALLOW_RUN_AS_ROOT=1 "
                       "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun.openmpi -np 2`"))
      << report.out;
}

TEST_F(SystemMpiBench, MpichsRendezvousThresholdFollowsItsSetting) {
  auto bench =
      run_command("cd " + dir_ + " && " + kXo +
                  " bench --mpi=system --suite pt2pt --reps 100 --rounds 3 --no-history -- " + "mpirun.mpich -np 2");
  ASSERT_EQ(bench.status, 0) << bench.err << bench.out;
  EXPECT_TRUE(contains(bench.out, "MPICH Version:")) << bench.out;
  // Real MPICH measured on this host: a threshold shows where eager and rendezvous costs differ
  // enough for the fit. At 4 and 16 KiB they do on every host seen; at 64 KiB not on all (a
  // paravirtualised host's times at that setting fit one line). Three interleaved rounds, each
  // size fitted on its calmest: with one, a burst of load on a shared host once hid the 4 or 16
  // KiB threshold. As for Open MPI, a launch can run slow whole, so most values, not each, must
  // show their boundary: three of the five.
  int at_value = 0;
  for (const char* value : {"1024", "4096", "16384", "65536", "262144"}) {
    if (contains(boundary_row(bench.out, value), "yes")) ++at_value;
  }
  EXPECT_GE(at_value, 3) << bench.out;
}

TEST_F(SystemMpiBench, OpenMpisCollectiveAlgorithmsAreEachTimed) {
  auto bench = run_command("cd " + dir_ + " && " + kXo + " bench --mpi=system --suite coll --reps 12 --rounds 1 " +
                           "--no-history -- " + kOpenMpi + " -np 2");
  ASSERT_EQ(bench.status, 0) << bench.err << bench.out;
  EXPECT_TRUE(contains(bench.out, "OMPI_MCA_coll_tuned_allreduce_algorithm (MPI_Allreduce)")) << bench.out;
  for (const char* algorithm :
       {"0 ignore \\(own\\)", "1 basic linear", "3 recursive doubling", "4 ring", "5 segmented ring"}) {
    EXPECT_FALSE(boundary_row(bench.out, algorithm).empty()) << algorithm << "\n" << bench.out;
  }
  EXPECT_TRUE(contains(bench.out, "fastest by size")) << bench.out;
  EXPECT_TRUE(contains(bench.out, "OMPI_MCA_coll_tuned_barrier_algorithm (MPI_Barrier)")) << bench.out;
  EXPECT_TRUE(fs::exists(dir_ + "/openmpi-bench/1/coll.OMPI_MCA_coll_tuned_bcast_algorithm=6/traces.otf2"));
}

TEST(SystemMpiBenchUsage, ModelOptionsAndMissingLaunchersAreRefused) {
  auto machine = run_command(kXo + " bench --mpi=system --machine xt3 -- mpirun.openmpi -np 2");
  EXPECT_EQ(machine.status, 2);
  EXPECT_TRUE(contains(machine.err, "--machine is for a machine model")) << machine.err;
  auto none = run_command(kXo + " bench --mpi=system");
  EXPECT_EQ(none.status, 2);
  EXPECT_TRUE(contains(none.err, "give the launcher after --")) << none.err;
  auto reps = run_command(kXo + " bench --reps 10");
  EXPECT_EQ(reps.status, 2);
  EXPECT_TRUE(contains(reps.err, "--reps and --rounds are for --mpi")) << reps.err;
  auto zero = run_command(kXo + " bench --mpi=system --rounds 0 -- mpirun.openmpi -np 2");
  EXPECT_EQ(zero.status, 2);
  // A launcher that starts no job: said once, not once per planned run.
  auto bad =
      run_command("{ cd /tmp && " + kXo + " bench --mpi=system --no-history -o /tmp/xo-bench-bad-launch -- " +
                  "mpirun.mpich -np 2 --no-such-option; status=$?; rm -rf /tmp/xo-bench-bad-launch; exit $status; }");
  EXPECT_EQ(bad.status, 1);
  EXPECT_TRUE(contains(bad.err, "the first bench run failed")) << bad.err;
  EXPECT_EQ(bad.err.find("bench run /tmp/xo-bench-bad-launch/1/pt2pt.UCX"), std::string::npos) << bad.err;
}

}  // namespace
