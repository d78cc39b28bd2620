// Root causes of waiting: a run in which one rank computes far longer than the others before a
// ring exchange and an MPI_Allreduce. Its neighbour arrives last at the Allreduce only because it
// waited for it in the exchange; the analysis must pass that delay on and name the computing rank,
// and the report must say that no MPI setting helps. Computation is measured (--compute=measured):
// its amount varies with the host, the ordering it creates does not.

#include "xo/analyzer/analysis/compute_imbalance.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <chrono>
#include <functional>
#include <string>

#include "../model/traced_run.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

constexpr int kSlowRank = 2;

void spin(std::chrono::microseconds how_long) {
  const auto until = std::chrono::steady_clock::now() + how_long;
  while (std::chrono::steady_clock::now() < until) {
  }
}

void jacobi(int rank) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double halo = 0, in = 0, local = 1, global = 0;
  for (int it = 0; it < 20; ++it) {
    spin(std::chrono::microseconds(rank == kSlowRank ? 2000 : 50));
    MPI_Sendrecv(&halo, 1, MPI_DOUBLE, (rank + 1) % size, 0, &in, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
}

xo::analyzer::TraceModel traced(int ranks, xo::mpi::ComputeMode compute, const std::function<void(int)>& body) {
  const auto run = xo::test::traced_run("xt3", ranks, body, {}, compute);
  EXPECT_EQ(run->exit_code, 0);
  return xo::analyzer::read_trace(run->anchor);
}

xo::analyzer::TraceModel traced_jacobi() { return traced(6, xo::mpi::ComputeMode::Measured, jacobi); }

}  // namespace

TEST(ComputeImbalance, TheDelayIsPassedAlongToTheRankWhoseComputationCausedIt) {
  const auto trace = traced_jacobi();
  const auto waits = xo::analyzer::find_wait_states(trace);
  const auto b = xo::analyzer::find_compute_imbalance(trace, waits);
  ASSERT_EQ(b.ranks.size(), 6u);
  EXPECT_EQ(b.most_compute_rank, kSlowRank);
  EXPECT_GT(b.imbalance(), 2) << "40 times the others' computation: far above the mean";
  const auto* root = b.root_cause();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->rank, kSlowRank);
  EXPECT_GT(root->root_seconds, 0.8 * b.wait_seconds) << "nearly all waiting goes back to it";
  double blamed = 0;
  for (const auto& r : b.ranks) blamed += r.root_seconds;
  EXPECT_LE(blamed, b.wait_seconds * (1 + 1e-9)) << "no wait is blamed twice";
  ASSERT_FALSE(b.late.empty());
  const auto& late = b.late.front();
  EXPECT_EQ(late.call, "MPI_Allreduce");
  EXPECT_GE(late.last_at, 18u) << "the same rank is last nearly every time";
  if (late.rank != kSlowRank) {  // its neighbour, late because it waited for it in the exchange
    EXPECT_EQ(late.waited_for, kSlowRank);
    EXPECT_EQ(late.after_call, "MPI_Sendrecv");
    EXPECT_GT(late.waited_before_seconds, late.extra_compute_seconds);
  }
}

TEST(ComputeImbalance, TheReportSaysNoSettingHelpsUnlessARecommendationWould) {
  const auto trace = traced_jacobi();
  xo::analyzer::RunSamples samples;
  xo::analyzer::add_message_samples(trace, samples.messages);
  auto report = xo::analyzer::report::describe_trace(trace, "t", samples);
  auto verdict = xo::analyzer::report::imbalance_verdict(report);
  ASSERT_TRUE(verdict.has_value());
  EXPECT_EQ(verdict->rank, kSlowRank);
  EXPECT_GT(verdict->percent_of_mpi, 25);
  EXPECT_TRUE(verdict->no_setting_helps);
  xo::analyzer::Recommendation big;
  big.variable = "X";
  big.value = "1";
  big.predicted_seconds = verdict->waiting_seconds;  // a setting that would save as much as the waiting
  report.recommendations.push_back(big);
  EXPECT_FALSE(xo::analyzer::report::imbalance_verdict(report)->no_setting_helps);
}

TEST(ComputeImbalance, ABalancedRunHasNoRootCauseToName) {
  const auto trace = traced(4, xo::mpi::ComputeMode::None, [](int) {
    double one = 1, sum = 0;
    for (int i = 0; i < 10; ++i) MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  });
  xo::analyzer::RunSamples samples;
  const auto report = xo::analyzer::report::describe_trace(trace, "t", samples);
  EXPECT_FALSE(xo::analyzer::report::imbalance_verdict(report).has_value());
  EXPECT_EQ(report.balance.imbalance(), 0) << "no computation at all under --compute=none";
  for (const auto& r : report.balance.ranks) {
    EXPECT_EQ(r.root_seconds, 0) << "waiting without computation is communication, no rank's fault";
  }
}
