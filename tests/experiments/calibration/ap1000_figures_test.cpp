// The shapes of the AP1000's collective figures (seed 001 section 9), checked on the model: what
// the paper's graphs show rather than their absolute times.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "xo/calibration/collective_experiments.hpp"

namespace {

using namespace xo::calibration;

const MachineSetup kAp1000{"ap1000", {}, {}, 128};

MachineSetup with_env(MachineSetup setup, const std::string& name, const std::string& value) {
  setup.env[name] = value;
  return setup;
}

double slowest(const MachineSetup& setup, CollectiveKind kind, int group, int count) {
  return group_collective_times(setup, kind, group, count).max;
}

TEST(Ap1000Figures, BcastTakesTheSameTimeInEveryGroupSize) {  // Figure 5
  const double all = slowest(kAp1000, CollectiveKind::BcastDouble, 128, 1000);
  for (int g : {2, 3, 7, 16, 50, 127}) EXPECT_NEAR(slowest(kAp1000, CollectiveKind::BcastDouble, g, 1000), all, 1e-9);
  // The root leaves at once; the receivers wait for the broadcast.
  EXPECT_LT(group_collective_times(kAp1000, CollectiveKind::BcastDouble, 64, 1000).min, all / 10);
  // Without the B-net below 64 cells, small groups use point-to-point trees and the time depends on the size.
  const MachineSetup trees = with_env(kAp1000, "XO_AP1000_BNET_MIN_GROUP", "64");
  EXPECT_LT(slowest(trees, CollectiveKind::BcastDouble, 2, 1000),
            slowest(trees, CollectiveKind::BcastDouble, 32, 1000));
}

TEST(Ap1000Figures, ScatterIsNearlyFlatWithSmallGroupsCopyingMore) {  // Figure 6: 1280 ints
  double previous = 1e9;
  for (int g : {2, 4, 8, 16, 32, 64, 128}) {
    const double t = slowest(kAp1000, CollectiveKind::ScatterInt, g, 1280);
    EXPECT_LE(t, previous) << g;
    previous = t;
  }
  const double two = slowest(kAp1000, CollectiveKind::ScatterInt, 2, 1280);
  EXPECT_GT(two, previous);
  EXPECT_LT(two, 1.5 * previous);
}

TEST(Ap1000Figures, BarrierGrowsOneStepPerLevelOfItsTree) {  // Figure 8: logarithmic in group size
  // Full trees of branching factor 3 hold 4, 13, 40 and 121 cells: each level costs the same.
  const auto t = [](int g) { return slowest(kAp1000, CollectiveKind::Barrier, g, 0); };
  const double level = t(13) - t(4);
  EXPECT_GT(level, 0);
  EXPECT_NEAR(t(40) - t(13), level, 0.01 * level);
  EXPECT_NEAR(t(121) - t(40), level, 0.01 * level);
  // Within a level (14 to 40 cells) the time never falls.
  for (int g = 15; g <= 40; ++g) EXPECT_GE(t(g), t(g - 1)) << g;
}

TEST(Ap1000Figures, AllreduceStepsWhereItsTreeGrowsALevel) {  // Figure 9
  // A level starts at 5, 14, 41 and 122 cells with branching factor 3 ...
  EXPECT_EQ(largest_rises(kAp1000, CollectiveKind::AllreduceSumInt, 1), (std::vector<int>{5, 14, 41, 122}));
  // ... and at 4, 8, 16, 32 and 64 with a binary tree.
  EXPECT_EQ(largest_rises(with_env(kAp1000, "XO_COLL_BRANCHING", "2"), CollectiveKind::AllreduceSumInt, 1),
            (std::vector<int>{4, 8, 16, 32, 64}));
}

TEST(Ap1000Figures, ConcurrentBroadcastsQueueOnTheBnet) {  // Figure 11: 10,000 ints per two-cell group
  std::vector<MemberTimes> by_pairs;
  for (int pairs = 1; pairs <= 64; pairs *= 2) by_pairs.push_back(concurrent_bcast_times(kAp1000, pairs, 10000));
  for (std::size_t i = 1; i < by_pairs.size(); ++i) {
    EXPECT_NEAR(by_pairs[i].min, by_pairs[0].min, 1e-9) << "the first group to take the B-net is never delayed";
    EXPECT_GT(by_pairs[i].max, by_pairs[i - 1].max);
    EXPECT_LT(by_pairs[i].mean, by_pairs[i].max);
  }
  const double last_doubling = by_pairs.back().max / by_pairs[by_pairs.size() - 2].max;
  EXPECT_GT(last_doubling, 1.8);
  EXPECT_LT(last_doubling, 2.2);
  // A faster B-net shortens the queue.
  const MachineSetup faster{"ap1000", {"bnet_G=10"}, {}, 128};
  EXPECT_LT(concurrent_bcast_times(faster, 64, 10000).max, by_pairs.back().max);
}

}  // namespace
