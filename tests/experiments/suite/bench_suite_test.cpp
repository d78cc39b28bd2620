// The `xo bench` suite: the plan follows the machine's switch points, and every run simulates and
// leaves a sound trace.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "support/scratch_dir.hpp"
#include "xo/experiments/bench_plan.hpp"
#include "xo/experiments/bench_runner.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/hwmodels/real_mpi.hpp"
#include "xo/tracer/trace_check.hpp"

namespace {

using xo::experiments::BenchPlan;
using xo::experiments::BenchRun;
using xo::experiments::Suite;

BenchPlan plan(const std::string& machine, Suite suite, std::vector<int> ranks = {16}) {
  const auto m = xo::hw::configured_machine(machine, ranks.empty() ? 2 : ranks.back(), {},
                                            [](const char*) -> const char* { return nullptr; });
  return xo::experiments::plan_bench(*m, suite, ranks);
}

const BenchRun* find(const BenchPlan& p, const std::string& name) {
  for (const BenchRun& r : p.runs) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

bool has_size(const BenchRun& run, const std::string& size) {
  return std::find(run.argv.begin() + 5, run.argv.end(), size) != run.argv.end();
}

}  // namespace

TEST(BenchPlan, MessageSizesAreFourPerOctaveFromZeroToTheLargest) {
  const auto sizes = xo::experiments::message_sizes(1 << 20);
  ASSERT_GE(sizes.size(), 70u);
  EXPECT_EQ(sizes.front(), 0);
  EXPECT_EQ(sizes.back(), 1 << 20);
  for (std::size_t i = 2; i < sizes.size(); ++i) {
    EXPECT_GT(sizes[i], sizes[i - 1]);
    if (sizes[i - 1] >= 64) {
      EXPECT_LE(static_cast<double>(sizes[i]) / static_cast<double>(sizes[i - 1]), 1.2);
    }
  }
}

TEST(BenchPlan, PointToPointPushesEachProtocolThresholdToBothEnds) {
  const BenchPlan p = plan("xt3", Suite::PointToPoint);
  EXPECT_EQ(p.machine, "xt3");
  ASSERT_NE(find(p, "pt2pt"), nullptr);
  // MPICH_MAX_VSHORT_MSG_SIZE ranges 0..16384 (xo machines --show xt3); the short limit goes to
  // the largest message swept, 1 MiB.
  // The protocol option MPICH_PTL_EAGER_LONG=1 gets its own run.
  for (const char* name :
       {"pt2pt.MPICH_MAX_VSHORT_MSG_SIZE=16384", "pt2pt.MPICH_MAX_VSHORT_MSG_SIZE=0",
        "pt2pt.MPICH_MAX_SHORT_MSG_SIZE=1048576", "pt2pt.MPICH_MAX_SHORT_MSG_SIZE=0", "pt2pt.MPICH_PTL_EAGER_LONG=1"}) {
    const BenchRun* run = find(p, name);
    ASSERT_NE(run, nullptr) << name;
    EXPECT_EQ(run->ranks, 2);
    ASSERT_EQ(run->environment.size(), 1u);
    EXPECT_EQ(run->environment[0].first + "=" + run->environment[0].second, std::string(name).substr(6));
    EXPECT_EQ(run->argv[0], "pingpong");
  }
  EXPECT_EQ(p.runs.size(), 6u) << "no collective runs in the point-to-point suite";
}

TEST(BenchPlan, Ap1000CollectivesSweepTheXyLimitGroupSizesAndBranching) {
  const BenchPlan p = plan("ap1000", Suite::Collective, {16});
  const BenchRun* xy = find(p, "coll.MPI_Allreduce.elements.n16.XO_AP1000_XY_MAX_ELEMENTS=100");
  const BenchRun* tree = find(p, "coll.MPI_Allreduce.elements.n16.XO_AP1000_XY_MAX_ELEMENTS=0");
  ASSERT_NE(xy, nullptr);
  ASSERT_NE(tree, nullptr);
  EXPECT_TRUE(has_size(*xy, "25") && has_size(*xy, "26") && has_size(*xy, "1")) << "sizes around the seed's 25";
  EXPECT_EQ(xy->argv[2], "elements");
  ASSERT_NE(find(p, "coll.MPI_Bcast.ranks.n16.XO_AP1000_BNET_MIN_GROUP=1"), nullptr);
  ASSERT_NE(find(p, "coll.MPI_Bcast.ranks.n16.XO_AP1000_BNET_MIN_GROUP=17"), nullptr) << "every group below";
  for (int k = 2; k <= 8; ++k) {
    const BenchRun* b = find(p, "barrier.n16.XO_COLL_BRANCHING=" + std::to_string(k));
    ASSERT_NE(b, nullptr) << k;
    EXPECT_TRUE(has_size(*b, "2") && has_size(*b, "15") && !has_size(*b, "16")) << "groups short of the machine";
  }
  std::set<std::string> names;
  for (const BenchRun& r : p.runs) EXPECT_TRUE(names.insert(r.name).second) << "duplicate " << r.name;
}

TEST(BenchPlan, MachinesWithoutSwitchesOrTreesGetOnlyWhatTheyHave) {
  EXPECT_TRUE(plan("loggp", Suite::Collective).runs.empty()) << "loggp: no collective switch, dissemination barrier";
  EXPECT_EQ(plan("loggp", Suite::All).runs.size(), 3u);  // pt2pt and XO_EAGER_LIMIT at both ends
  EXPECT_THROW(plan("loggp", Suite::All, {1}), std::invalid_argument);
}

TEST(BenchPlan, AReportsScopeMeasuresOnlyTheCollectivesItsRunMade) {
  const auto m = xo::hw::configured_machine("xt3", 16, {}, [](const char*) -> const char* { return nullptr; });
  using xo::experiments::BenchScope;
  const BenchPlan none = xo::experiments::plan_bench(*m, Suite::All, {16}, BenchScope{});
  EXPECT_EQ(none.runs.size(), 6u) << "a run without collectives needs only the point-to-point sweeps";
  const BenchPlan reduce = xo::experiments::plan_bench(*m, Suite::All, {16}, BenchScope{{{"MPI_Reduce", 3e6, 0}}});
  ASSERT_EQ(reduce.runs.size(), 9u) << "and MPI_Reduce's switch at its own setting and both ends";
  for (std::size_t i = 6; i < reduce.runs.size(); ++i) {
    EXPECT_EQ(reduce.runs[i].argv[1], "MPI_Reduce");
    EXPECT_EQ(reduce.runs[i].argv.back(), "1048576") << "the sweep reaches past the run's 3 MB calls, to 1 MiB";
  }
  const BenchPlan small = xo::experiments::plan_bench(*m, Suite::All, {16}, BenchScope{{{"MPI_Alltoall", 64, 0}}});
  const BenchRun* alltoall = find(small, "coll.MPI_Alltoall.bytes.n16");
  ASSERT_NE(alltoall, nullptr);
  EXPECT_EQ(alltoall->argv.back(), "4096") << "eight times the 512-byte setting: both sides of it, and the run's 64";
}

TEST(BenchPlan, AllToAllSweepsStayWithinTheirMemoryAndMessageBudgets) {
  EXPECT_EQ(find(plan("xt3", Suite::Collective, {16}), "coll.MPI_Alltoall.bytes.n16")->argv.back(), "65536")
      << "16 ranks afford the full sweep";
  const BenchPlan wide = plan("xt3", Suite::Collective, {256});
  const BenchRun* alltoall = find(wide, "coll.MPI_Alltoall.bytes.n256");
  ASSERT_NE(alltoall, nullptr);
  const long long largest = std::stoll(alltoall->argv.back());
  EXPECT_EQ(largest, xo::experiments::largest_affordable_size("MPI_Alltoall", 256));
  EXPECT_LE(largest * 256 * 256, 64LL << 20) << "every rank's block on every rank within 64 MiB a buffer";
  const long long sizes = static_cast<long long>(alltoall->argv.size()) - 5;
  const long long reps = std::stoll(alltoall->argv[3]);
  EXPECT_LE(sizes * reps * 256 * 255, 2LL << 20) << "at most about 2 M messages a run";
  EXPECT_GE(sizes, 4) << "still enough sizes to place a crossover";
  const BenchRun* reduce = find(wide, "coll.MPI_Reduce.bytes.n256");
  ASSERT_NE(reduce, nullptr);
  EXPECT_EQ(reduce->argv.back(), "262144") << "a reduction's buffers do not grow with the ranks: 64 MiB / 256";
}

TEST(BenchRunner, EveryRunLeavesASoundTrace) {
  const xo::test::ScratchDir scratch("xo-bench-suite");
  const std::string& dir = scratch.path();
  BenchPlan p = plan("xt3", Suite::PointToPoint);
  BenchPlan coll = plan("ap1000", Suite::Collective, {8});
  std::vector<std::size_t> progress;
  xo::experiments::BenchSettings settings{{}, {}, "xo test", "xo bench --machine xt3"};
  auto outcomes =
      xo::experiments::run_bench(p, settings, dir, [&](std::size_t done, std::size_t total, const std::string&) {
        progress.push_back(done);
        EXPECT_EQ(total, 6u);  // own settings, both ends of two thresholds, MPICH_PTL_EAGER_LONG=1
      });
  EXPECT_EQ(progress, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6}));
  const auto coll_outcomes = xo::experiments::run_bench(coll, settings, dir);
  outcomes.insert(outcomes.end(), coll_outcomes.begin(), coll_outcomes.end());
  for (const auto& o : outcomes) {
    SCOPED_TRACE(o.name);
    EXPECT_EQ(o.error, "");
    EXPECT_GT(o.events, 100u);
    EXPECT_GT(o.virtual_seconds, 0);
    const auto report = xo::tracer::check_trace(o.anchor);
    EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
  }
}

// Runs on several processes give what one process gives: the same outcomes in plan order, and
// traces byte for byte the same (the simulations are deterministic).
TEST(BenchRunner, ParallelRunsEqualSerialOnes) {
  const xo::test::ScratchDir serial_scratch("xo-bench-serial");
  const xo::test::ScratchDir parallel_scratch("xo-bench-parallel");
  const std::string& serial_dir = serial_scratch.path();
  const std::string& parallel_dir = parallel_scratch.path();
  const BenchPlan p = plan("xt3", Suite::PointToPoint);
  xo::experiments::BenchSettings settings{{}, {}, "xo test", "xo bench --machine xt3"};
  const auto serial = xo::experiments::run_bench(p, settings, serial_dir);
  settings.jobs = 3;
  std::vector<std::size_t> done;
  const auto parallel = xo::experiments::run_bench(
      p, settings, parallel_dir, [&](std::size_t d, std::size_t, const std::string&) { done.push_back(d); });
  ASSERT_EQ(parallel.size(), serial.size());
  EXPECT_TRUE(std::is_sorted(done.begin(), done.end()));
  EXPECT_EQ(done.back(), serial.size());
  const auto bytes = [](const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  for (std::size_t i = 0; i < serial.size(); ++i) {
    SCOPED_TRACE(serial[i].name);
    EXPECT_EQ(parallel[i].name, serial[i].name);
    EXPECT_EQ(parallel[i].events, serial[i].events);
    EXPECT_EQ(parallel[i].virtual_seconds, serial[i].virtual_seconds);
    EXPECT_EQ(parallel[i].error, serial[i].error);
    const std::filesystem::path a = std::filesystem::path(serial[i].anchor).parent_path();
    const std::filesystem::path b = std::filesystem::path(parallel[i].anchor).parent_path();
    for (const auto& entry : std::filesystem::recursive_directory_iterator(a)) {
      if (!entry.is_regular_file()) continue;
      const auto relative = std::filesystem::relative(entry.path(), a);
      EXPECT_EQ(bytes(entry.path()), bytes(b / relative)) << relative;
    }
  }
}

// A real MPI's bench sweeps the point-to-point switch of the path its two ranks take: Open MPI's
// vader eager limit on one host, its tcp eager limit between hosts; MPICH's UCX threshold on both.
TEST(RealBenchPlan, SweepsTheSwitchOfThePathTheRanksTake) {
  using xo::hw::RealMpiPath;
  const auto names = [](const BenchPlan& p) {
    std::set<std::string> out;
    for (const BenchRun& r : p.runs) out.insert(r.name);
    return out;
  };
  const auto& open_mpi = *xo::hw::real_mpi_named("openmpi");
  const auto on_node = names(xo::experiments::plan_real_bench(open_mpi, Suite::PointToPoint, 10, RealMpiPath::OnNode));
  EXPECT_TRUE(on_node.count("pt2pt"));
  EXPECT_TRUE(on_node.count("pt2pt.OMPI_MCA_btl_vader_eager_limit=16384"));
  EXPECT_FALSE(on_node.count("pt2pt.OMPI_MCA_btl_tcp_eager_limit=262144"));
  const auto between =
      names(xo::experiments::plan_real_bench(open_mpi, Suite::PointToPoint, 10, RealMpiPath::BetweenNodes));
  EXPECT_TRUE(between.count("pt2pt.OMPI_MCA_btl_tcp_eager_limit=262144"));
  EXPECT_FALSE(between.count("pt2pt.OMPI_MCA_btl_vader_eager_limit=16384"));
  const auto& mpich = *xo::hw::real_mpi_named("mpich");
  for (RealMpiPath path : {RealMpiPath::OnNode, RealMpiPath::BetweenNodes}) {
    EXPECT_TRUE(names(xo::experiments::plan_real_bench(mpich, Suite::PointToPoint, 10, path))
                    .count("pt2pt.UCX_RNDV_THRESH=65536"));
  }
  // Collectives: one own run per call and one per algorithm, with the settings a forced one needs.
  const BenchPlan coll = xo::experiments::plan_real_bench(open_mpi, Suite::Collective, 40, RealMpiPath::OnNode);
  const auto ring = std::find_if(coll.runs.begin(), coll.runs.end(), [](const BenchRun& r) {
    return r.name == "coll.OMPI_MCA_coll_tuned_allreduce_algorithm=4";
  });
  ASSERT_NE(ring, coll.runs.end());
  ASSERT_EQ(ring->environment.size(), 2u);
  EXPECT_EQ(ring->environment.front().first, "OMPI_MCA_coll_tuned_use_dynamic_rules");
  EXPECT_EQ(ring->argv[1], "MPI_Allreduce");
  EXPECT_EQ(ring->argv[3], "10") << "a collective's calls a size: a quarter of the round trips";
}
