// The best integer (a tree's branching factor) of a fitted curve, and how much worse its neighbours are.

#include "xo/analyzer/fit/integer_minimum.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using xo::analyzer::fit::integer_argmin;

TEST(IntegerMinimum, ConvexCurve) {
  // k + 16/k is least at k = 4 (8); 3 gives 8.333…, 5 gives 8.2.
  const auto minimum = integer_argmin([](double k) { return k + 16 / k; }, 2, 16);
  EXPECT_EQ(minimum.at, 4);
  EXPECT_DOUBLE_EQ(minimum.value, 8);
  ASSERT_TRUE(minimum.below && minimum.above);
  EXPECT_EQ(minimum.below->at, 3);
  EXPECT_NEAR(minimum.below->excess, 1.0 / 3, 1e-12);
  EXPECT_EQ(minimum.above->at, 5);
  EXPECT_NEAR(minimum.above->excess, 0.2, 1e-12);
}

TEST(IntegerMinimum, AKaryTreeBarrierModel) {
  // A k-ary tree barrier over 64 ranks: ⌈log_k 64⌉ levels, each costing 10 + 4·k. Costs by k:
  // 2→108, 3→88 (4 levels), 4→78, 5→90 (3 levels), 8→84 (2 levels): 4 is best.
  const auto cost = [](double k) {
    int levels = 0;
    for (double reach = 1; reach < 64; reach *= k) ++levels;
    return levels * (10 + 4 * k);
  };
  const auto minimum = integer_argmin(cost, 2, 16);
  EXPECT_EQ(minimum.at, 4);
  EXPECT_EQ(minimum.value, 78);
  EXPECT_EQ(minimum.below->excess, 10);
  EXPECT_EQ(minimum.above->excess, 12);
}

TEST(IntegerMinimum, AtTheRangeEndsAndOnTies) {
  const auto rising = integer_argmin([](double k) { return k; }, 3, 9);
  EXPECT_EQ(rising.at, 3);
  EXPECT_FALSE(rising.below.has_value());
  EXPECT_EQ(rising.above->excess, 1);
  const auto single = integer_argmin([](double k) { return k; }, 5, 5);
  EXPECT_EQ(single.at, 5);
  EXPECT_FALSE(single.below || single.above);
  const auto tie = integer_argmin([](double k) { return std::abs(k - 2.5); }, 0, 5);
  EXPECT_EQ(tie.at, 2);
  EXPECT_EQ(tie.above->excess, 0);
}

TEST(IntegerMinimum, RefusesBadInput) {
  EXPECT_THROW(integer_argmin([](double k) { return k; }, 5, 4), std::invalid_argument);
  EXPECT_THROW(integer_argmin([](double k) { return k; }, 0, 100'000'000), std::invalid_argument);
  EXPECT_THROW(integer_argmin([](double k) { return 1 / (k - 3); }, 3, 5), std::invalid_argument);
  EXPECT_THROW(integer_argmin([](double) { return std::numeric_limits<double>::quiet_NaN(); }, 0, 1),
               std::invalid_argument);
}

}  // namespace
