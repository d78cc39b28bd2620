// The analysis of xo bench --mpi's ping-pongs on a real library, on curves of known shape: an eager
// protocol (fast start, copy per byte) up to the setting's limit and a rendezvous above it (a
// handshake's start), repeated with noise. The boundary is found where each setting puts it, the
// favoured setting moves with the curves, a setting slower at any size is never favoured, and a
// job's messages are priced at their own sizes.

#include "xo/analyzer/analysis/real_bench_analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <tuple>

#include "xo/hwmodels/real_mpi.hpp"

namespace {

using xo::analyzer::KnobSweep;
using xo::analyzer::RealBenchSamples;

const char* kVariable = "OMPI_MCA_btl_vader_eager_limit";

// The rendezvous protocol's costs: its start (the handshake) and per byte.
struct Rendezvous {
  double start = 2e-6;
  double per_byte = 0.07e-9;
};

// Half round trips, seconds: eager to `limit` bytes, rendezvous above; `slowdown` on every size.
double pingpong(double bytes, double limit, Rendezvous rendezvous, double slowdown = 1) {
  const double eager = 0.2e-6 + 0.06e-9 * bytes;
  return slowdown * (bytes <= limit ? eager : rendezvous.start + rendezvous.per_byte * bytes);
}

// Sizes as the bench sweeps them (four a doubling), 20 samples each of `curve` times a relative
// noise of `noise` (a standard deviation).
RealBenchSamples::Run sampled_run(const std::string& variable, const std::string& value, int repetition,
                                  const std::function<double(double)>& curve, double noise, std::mt19937& random) {
  std::normal_distribution<double> factor(1, noise);
  RealBenchSamples::Run r{variable, value, repetition, "", {}, {}};
  for (int k = 0; k <= 80; ++k) {
    const double bytes = std::round(std::exp2(k / 4.0));
    for (int rep = 0; rep < 20; ++rep) {
      r.bytes.push_back(bytes);
      r.seconds.push_back(curve(bytes) * factor(random));
    }
  }
  return r;
}

RealBenchSamples::Run run(const std::string& variable, const std::string& value, int repetition, double limit,
                          Rendezvous rendezvous, double slowdown, std::mt19937& random) {
  return sampled_run(
      variable, value, repetition, [&](double bytes) { return pingpong(bytes, limit, rendezvous, slowdown); }, 0.02,
      random);
}

// Three rounds of: the own setting (4096), 1024, 16384, 65536 and 262144 (which slows every size here,
// as Open MPI's vader does when its eager limit outgrows its shared memory).
RealBenchSamples sweep_samples(Rendezvous rendezvous) {
  std::mt19937 random(7);
  RealBenchSamples samples;
  for (int r = 0; r < 3; ++r) {
    samples.add(run("", "", r, 4096, rendezvous, 1, random));
    for (double limit : {1024.0, 16384.0, 65536.0}) {
      samples.add(run(kVariable, std::to_string(static_cast<int>(limit)), r, limit, rendezvous, 1, random));
    }
    samples.add(run(kVariable, "262144", r, 262144, rendezvous, 8, random));
  }
  return samples;
}

const KnobSweep& vader_sweep(const xo::analyzer::RealBenchAnalysis& a) {
  for (const KnobSweep& s : a.sweeps) {
    if (s.variable == kVariable) return s;
  }
  throw std::logic_error("no sweep of the vader eager limit");
}

TEST(RealBenchAnalysis, FindsEachSettingsBoundaryFromTheTimesAlone) {
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({}), {});
  const KnobSweep& sweep = vader_sweep(analysis);
  ASSERT_EQ(sweep.curves.size(), 5u);
  EXPECT_TRUE(sweep.curves[0].own);
  EXPECT_EQ(sweep.curves[0].value, "4096");  // the library's default, as the job ran with it
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_TRUE(sweep.curves[k].boundary_at_value) << sweep.curves[k].value;
  }
  EXPECT_EQ(sweep.curves[0].repetition_medians.size(), 3u);
}

TEST(RealBenchAnalysis, BurstsOfLoadOverTwoRoundsOfThreeDoNotMoveTheBoundary) {
  // Another job slows the 16384 run by 2.5x from 2 to 64 KiB in round 1 and from 8 KiB to 1 MiB in
  // round 2: at every size one round of three is calm, but at 8 to 64 KiB two are not, and the
  // median of all their samples makes the eager side there look like a rendezvous.
  std::mt19937 random(11);
  RealBenchSamples samples;
  for (int r = 0; r < 3; ++r) {
    samples.add(run("", "", r, 4096, {}, 1, random));
    RealBenchSamples::Run raised = run(kVariable, "16384", r, 16384, {}, 1, random);
    const double burst_from = r == 0 ? 2048 : 8192, burst_to = r == 0 ? 65536 : 1 << 20;
    for (std::size_t k = 0; k < raised.bytes.size(); ++k) {
      if (r < 2 && raised.bytes[k] >= burst_from && raised.bytes[k] <= burst_to) raised.seconds[k] *= 2.5;
    }
    samples.add(std::move(raised));
  }
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), samples, {});
  const KnobSweep& sweep = vader_sweep(analysis);
  ASSERT_EQ(sweep.curves.size(), 2u);
  EXPECT_EQ(sweep.curves[1].value, "16384");
  EXPECT_TRUE(sweep.curves[1].boundary_at_value);
  ASSERT_TRUE(sweep.curves[1].boundaries.has_value());
  EXPECT_EQ(sweep.curves[1].boundaries->breakpoints.size(), 1u);
}

// A curve that bends at more sizes than the switch, as Open MPI's vader does on a real host: a step
// at 256 B, the eager limit's handshake (0.5 us, 13 % at 16 KiB), sending in fragments from 32 KiB,
// single copy from 90 KB, the last level of cache filling from 512 KiB, and a wiggle of 5 % over
// every size that no line follows.
double bending_pingpong(double bytes, double limit) {
  double t = 0.5e-6 + 0.2e-9 * bytes;
  if (bytes > 256) t += 0.1e-6;
  if (bytes > limit) t += 0.5e-6;
  if (bytes > 32768) t += 0.2e-9 * (bytes - 32768);
  if (bytes > 90000) t *= 0.7;
  if (bytes > 524288) t += 0.2e-9 * (bytes - 524288);
  return t * (1 + 0.05 * std::sin(std::log2(bytes + 1)));
}

RealBenchSamples::Run bending_run(const std::string& value, int repetition, double limit, std::mt19937& random) {
  return sampled_run(
      value.empty() ? "" : kVariable, value, repetition, [&](double bytes) { return bending_pingpong(bytes, limit); },
      0.01, random);
}

TEST(RealBenchAnalysis, ASwitchTheWholeCurvesFitLeavesOutIsTestedAtItsValue) {
  std::mt19937 random(5);
  RealBenchSamples samples;
  for (int r = 0; r < 3; ++r) {
    samples.add(bending_run("", r, 4096, random));
    samples.add(bending_run("16384", r, 16384, random));
    // A value the library ignores (the curve stays the own one's): nothing happens at 65536.
    samples.add(bending_run("65536", r, 4096, random));
  }
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), samples, {});
  const KnobSweep& sweep = vader_sweep(analysis);
  ASSERT_EQ(sweep.curves.size(), 3u);
  for (const auto& c : sweep.curves) {
    ASSERT_TRUE(c.boundaries.has_value()) << c.value;
    std::string found;
    for (const auto& b : c.boundaries->breakpoints) found.append(" ").append(std::to_string(b.right_x));
    EXPECT_EQ(c.boundary_at_value, c.value != "65536") << c.value << ":" << found;
  }
  // The fit of the whole 16384 curve spent its segments on the other bends (at 32 KiB, 90 KB and
  // 512 KiB); the test at 16384 found the handshake there (a message of the limit's size goes eager).
  const auto& raised = sweep.curves[1];
  ASSERT_TRUE(raised.tested_boundary.has_value());
  EXPECT_EQ(raised.tested_boundary->left_x, 16384);
  EXPECT_NEAR(raised.tested_boundary->jump.value, 0.5e-6, 0.1e-6);
  EXPECT_FALSE(sweep.curves[2].tested_boundary.has_value());
}

TEST(RealBenchAnalysis, FavoursTheLargestLimitThatIsSlowerNowhere) {
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({}), {});
  const KnobSweep& sweep = vader_sweep(analysis);
  ASSERT_TRUE(sweep.best.has_value()) << sweep.finding;
  EXPECT_EQ(sweep.curves[*sweep.best].value, "65536") << sweep.finding;
  // 1024 sends 1 to 4 KiB by rendezvous: slower there, never favoured; 262144 is slower everywhere.
  EXPECT_GT(sweep.against_own[1].slower_sizes, 0);
  EXPECT_GT(sweep.against_own[4].slower_sizes, 70);
}

TEST(RealBenchAnalysis, KeepsTheOwnSettingWhereTheProtocolsCross) {
  // Eager and rendezvous cost the same at 4 KiB, eager less below and rendezvous less above, within
  // the noise allowance at the sizes next to it: no other setting is faster without being slower.
  const auto analysis =
      xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({0.241e-6, 0.05e-9}), {});
  const KnobSweep& sweep = vader_sweep(analysis);
  EXPECT_FALSE(sweep.best.has_value()) << sweep.finding;
}

TEST(RealBenchAnalysis, FavoursASmallerLimitWhenRendezvousIsFasterEverywhere) {
  const auto analysis =
      xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({0.05e-6, 0.03e-9}), {});
  const KnobSweep& sweep = vader_sweep(analysis);
  ASSERT_TRUE(sweep.best.has_value()) << sweep.finding;
  EXPECT_EQ(sweep.curves[*sweep.best].value, "1024") << sweep.finding;
}

TEST(RealBenchAnalysis, TheJobsSetValueIsItsOwn) {
  const auto analysis =
      xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({}), {{kVariable, "4096"}});
  EXPECT_EQ(vader_sweep(analysis).own_value, "4096");
}

TEST(RealSettingAdvice, PricesTheJobsOwnSizesAndPrefersTheSmallerOfEqualLimits) {
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), sweep_samples({}), {});
  const KnobSweep& sweep = vader_sweep(analysis);
  const std::vector<double> messages(1000, 12000);  // 12 KB: eager under 16384 and 65536 alike
  const auto advice = xo::analyzer::advise_real_setting(sweep, messages);
  ASSERT_TRUE(advice.has_value());
  EXPECT_EQ(advice->value, "16384");
  EXPECT_EQ(advice->affected, 1000u);
  const double per_message = pingpong(12000, 4096, {}) - pingpong(12000, 16384, {});
  EXPECT_NEAR(advice->predicted_seconds, 1000 * per_message, 0.1 * 1000 * per_message);

  // Sizes beyond the sweep (1 MiB here) are not priced, however the curves' last lines run on.
  std::vector<double> mixed(1000, 12000);
  mixed.insert(mixed.end(), 50, 4 << 20);
  const auto with_large = xo::analyzer::advise_real_setting(sweep, mixed);
  ASSERT_TRUE(with_large.has_value());
  EXPECT_EQ(with_large->unpriced, 50u);
  EXPECT_EQ(with_large->messages, 1050u);
  EXPECT_EQ(with_large->largest, 12000);
  EXPECT_NEAR(with_large->predicted_seconds, advice->predicted_seconds, 1e-12);

  const std::vector<double> small(1000, 512);  // eager under every setting: nothing to gain
  EXPECT_FALSE(xo::analyzer::advise_real_setting(sweep, small).has_value());
}

TEST(RealSettingAdvice, AForcedCollectiveAlgorithmCarriesTheSettingsItNeeds) {
  // Algorithm 3 is faster below 4 KiB a rank and slower above: advised only for a job of small calls.
  RealBenchSamples samples;
  for (int r = 0; r < 3; ++r) {
    for (const auto& [value, small, large] : {std::tuple{"", 1.0, 1.0}, std::tuple{"3", 0.5, 2.0}}) {
      RealBenchSamples::Run run{
          value[0] ? "OMPI_MCA_coll_tuned_allreduce_algorithm" : "", value, r, "MPI_Allreduce", {}, {}};
      for (double bytes = 8; bytes <= 262144; bytes *= 2) {
        for (int rep = 0; rep < 5; ++rep) {
          run.bytes.push_back(bytes);
          run.seconds.push_back((bytes < 4096 ? small : large) * (1e-6 + 1e-10 * bytes));
        }
      }
      samples.add(std::move(run));
    }
  }
  const auto analysis = xo::analyzer::analyze_real_bench(*xo::hw::real_mpi_named("openmpi"), samples, {});
  const KnobSweep* sweep = nullptr;
  for (const KnobSweep& s : analysis.sweeps) {
    if (s.collective == "MPI_Allreduce") sweep = &s;
  }
  ASSERT_NE(sweep, nullptr);
  EXPECT_FALSE(sweep->best.has_value()) << "slower above 4 KiB: not favoured for every size";
  EXPECT_EQ(sweep->fastest_by_size.front(), 1u);
  EXPECT_EQ(sweep->fastest_by_size.back(), 0u);
  const auto small = xo::analyzer::advise_real_setting(*sweep, std::vector<double>(100, 64));
  ASSERT_TRUE(small.has_value());
  EXPECT_EQ(small->value, "3");
  ASSERT_EQ(small->requires_settings.size(), 1u);
  EXPECT_EQ(small->requires_settings[0].first, "OMPI_MCA_coll_tuned_use_dynamic_rules");
  EXPECT_FALSE(xo::analyzer::advise_real_setting(*sweep, std::vector<double>(100, 65536)).has_value());
}

TEST(SettingCurve, InterpolatesBetweenSizesAndExtendsTheLastLine) {
  xo::analyzer::SettingCurve c;
  c.bytes = {100, 200, 400};
  c.median_seconds = {1, 2, 3};
  EXPECT_DOUBLE_EQ(c.time_at(50), 1);
  EXPECT_DOUBLE_EQ(c.time_at(150), 1.5);
  EXPECT_DOUBLE_EQ(c.time_at(400), 3);
  EXPECT_DOUBLE_EQ(c.time_at(600), 4);
}

}  // namespace
