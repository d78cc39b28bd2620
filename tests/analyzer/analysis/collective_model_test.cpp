// The collective cost models: the form of T(n, P) chosen from measurements and its coefficients,
// on samples drawn from known models with and without noise.

#include "xo/analyzer/analysis/collective_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace {

using xo::analyzer::CollectiveModel;
using xo::analyzer::CollectiveSample;
using xo::analyzer::RankTerm;

struct TrueModel {
  RankTerm latency;
  RankTerm bandwidth;
  double start, per_step, per_byte;  // seconds, seconds, seconds per byte
};

double term(RankTerm t, int p) {
  switch (t) {
    case RankTerm::One: return 1;
    case RankTerm::Log2: return std::log2(p);
    case RankTerm::Linear: return p - 1;
    case RankTerm::LinearLog2: return p * std::log2(p) / 2;
    default: return 0;
  }
}

double time_of(const TrueModel& m, double bytes, int p) {
  return m.start + m.per_step * term(m.latency, p) + m.per_byte * bytes * term(m.bandwidth, p);
}

// Three repetitions of each size on each group size, each time multiplied by (1 + noise * N(0, 1)).
std::vector<CollectiveSample> samples(const TrueModel& m, double noise, std::mt19937& rng,
                                      const std::vector<int>& groups = {4, 8, 16, 32, 64}) {
  std::normal_distribution<double> normal;
  std::vector<CollectiveSample> out;
  for (int p : groups) {
    for (double bytes = 8; bytes <= 262144; bytes *= 4) {
      for (int rep = 0; rep < 3; ++rep) {
        CollectiveSample s;
        s.call = "MPI_Allreduce";
        s.algorithm = "test";
        s.bytes_per_rank = bytes;
        s.elements = bytes / 4;
        s.ranks = p;
        s.seconds = time_of(m, bytes, p) * (1 + noise * normal(rng));
        out.push_back(s);
      }
    }
  }
  return out;
}

const std::vector<TrueModel> kForms = {
    {RankTerm::Log2, RankTerm::One, 5e-6, 3e-6, 1e-9},           // scatter-allgather
    {RankTerm::Log2, RankTerm::Log2, 2e-6, 4e-6, 0.9e-9},        // binomial tree
    {RankTerm::Linear, RankTerm::Linear, 1e-6, 2.5e-6, 0.5e-9},  // ring or pairwise
    {RankTerm::Log2, RankTerm::LinearLog2, 1e-6, 6e-6, 0.9e-9},  // Bruck
};

TEST(CollectiveModel, ExactSamplesGiveTheirFormAndCoefficients) {
  std::mt19937 rng(1);
  for (const TrueModel& truth : kForms) {
    const auto models = xo::analyzer::fit_collective_models(samples(truth, 0, rng), 0);
    ASSERT_EQ(models.size(), 1u);
    const CollectiveModel& m = models[0];
    EXPECT_EQ(m.latency, truth.latency) << m.formula();
    EXPECT_EQ(m.bandwidth, truth.bandwidth) << m.formula();
    EXPECT_NEAR(m.fit.coefficient("start").value, truth.start, 1e-6 * truth.start);
    EXPECT_NEAR(m.fit.coefficient("per_step").value, truth.per_step, 1e-6 * truth.per_step);
    EXPECT_NEAR(m.fit.coefficient("per_byte").value, truth.per_byte, 1e-6 * truth.per_byte);
    EXPECT_LT(m.largest_relative_error, 1e-6);
    EXPECT_EQ(m.rank_counts, (std::vector<int>{4, 8, 16, 32, 64}));
    EXPECT_EQ(m.cells, 5u * 8u);  // 8 B to 128 KiB by fours on five group sizes
  }
}

TEST(CollectiveModel, NoisySamplesMostlyGiveTheirFormAndPredictAnUnmeasuredSize) {
  std::mt19937 rng(7);
  for (const TrueModel& truth : kForms) {
    int right_form = 0;
    const int trials = 40;
    for (int t = 0; t < trials; ++t) {
      const auto models = xo::analyzer::fit_collective_models(samples(truth, 0.03, rng, {4, 8, 32, 64}), 0);
      ASSERT_EQ(models.size(), 1u);
      const CollectiveModel& m = models[0];
      if (m.latency == truth.latency && m.bandwidth == truth.bandwidth) ++right_form;
      // 16 ranks were not measured: the model interpolates them.
      for (double bytes : {64.0, 65536.0}) {
        EXPECT_NEAR(m.predict(bytes, 16), time_of(truth, bytes, 16), 0.1 * time_of(truth, bytes, 16)) << m.formula();
      }
    }
    EXPECT_GE(right_form, trials * 8 / 10) << xo::analyzer::rank_term_text(truth.bandwidth);
  }
}

TEST(CollectiveModel, NeedsThreeGroupSizes) {
  std::mt19937 rng(3);
  EXPECT_TRUE(xo::analyzer::fit_collective_models(samples(kForms[0], 0, rng, {16}), 0).empty());
  EXPECT_TRUE(xo::analyzer::fit_collective_models(samples(kForms[0], 0, rng, {8, 16}), 0).empty())
      << "two sizes cannot tell log2 P from P - 1";
  EXPECT_EQ(xo::analyzer::fit_collective_models(samples(kForms[0], 0, rng, {4, 8, 16}), 0).size(), 1u);
}

TEST(CollectiveModel, SameBytesEverywhereGiveALatencyModel) {
  // A barrier swept over group sizes: no bytes, so no bandwidth term.
  std::vector<CollectiveSample> barrier;
  for (int p = 2; p <= 32; ++p) {
    CollectiveSample s;
    s.call = "MPI_Barrier";
    s.algorithm = "dissemination";
    s.ranks = p;
    s.seconds = 2e-6 + 3e-6 * std::ceil(std::log2(p));
    barrier.push_back(s);
  }
  const auto models = xo::analyzer::fit_collective_models(barrier, 0);
  ASSERT_EQ(models.size(), 1u);
  EXPECT_EQ(models[0].latency, RankTerm::Log2);
  EXPECT_EQ(models[0].bandwidth, RankTerm::None);
  EXPECT_EQ(models[0].formula().find("ns/B"), std::string::npos) << models[0].formula();
}

TEST(CollectiveModel, LeavesOutLineUpCallsAndOtherBranchingFactors) {
  std::mt19937 rng(5);
  auto all = samples(kForms[1], 0, rng);
  for (CollectiveSample& s : all) s.branching = 2;
  auto lining = samples(kForms[2], 0, rng);
  for (CollectiveSample& s : lining) s.measured = false;
  auto other_tree = samples(kForms[0], 0, rng);
  for (CollectiveSample& s : other_tree) s.branching = 4;
  all.insert(all.end(), lining.begin(), lining.end());
  all.insert(all.end(), other_tree.begin(), other_tree.end());
  const auto models = xo::analyzer::fit_collective_models(all, 2);
  ASSERT_EQ(models.size(), 1u);
  EXPECT_EQ(models[0].bandwidth, RankTerm::Log2) << models[0].formula();
  EXPECT_LT(models[0].largest_relative_error, 1e-6);
}

TEST(CollectiveModel, OneModelPerCallAndAlgorithm) {
  std::mt19937 rng(9);
  auto a = samples(kForms[0], 0, rng);
  auto b = samples(kForms[2], 0, rng);
  for (CollectiveSample& s : b) s.algorithm = "ring";
  a.insert(a.end(), b.begin(), b.end());
  const auto models = xo::analyzer::fit_collective_models(a, 0);
  ASSERT_EQ(models.size(), 2u);
  EXPECT_EQ(models[0].algorithm, "ring");
  EXPECT_EQ(models[0].latency, RankTerm::Linear);
  EXPECT_EQ(models[1].algorithm, "test");
}

TEST(CollectiveModel, FormulaNamesItsTerms) {
  std::mt19937 rng(11);
  const auto models = xo::analyzer::fit_collective_models(samples(kForms[2], 0, rng), 0);
  ASSERT_EQ(models.size(), 1u);
  EXPECT_EQ(models[0].formula(), "T = 1 us + 2.5 us * (P - 1) + 0.5 ns/B * n * (P - 1)");
}

}  // namespace
