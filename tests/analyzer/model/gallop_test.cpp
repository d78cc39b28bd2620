// gallop: the first index whose predicate is false, from any start, for answers next to the start,
// far from it, at the end and past every element; and it reads nothing before the start.

#include "xo/analyzer/gallop.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

TEST(Gallop, FindsWhatLowerBoundFindsFromEveryStart) {
  std::vector<int> sorted;
  for (int i = 0; i < 300; ++i) sorted.push_back(i / 3);  // runs of equal values
  for (int key = -1; key <= 101; ++key) {
    const auto expected =
        static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), key) - sorted.begin());
    for (std::size_t from = 0; from <= expected; ++from) {
      std::size_t lowest_read = sorted.size();
      const std::size_t got = xo::analyzer::gallop(from, sorted.size(), [&](std::size_t i) {
        lowest_read = std::min(lowest_read, i);
        return sorted[i] < key;
      });
      ASSERT_EQ(got, expected) << "key " << key << " from " << from;
      ASSERT_GE(lowest_read, from);
    }
  }
}

TEST(Gallop, AnEmptyRangeIsItsStart) {
  EXPECT_EQ(xo::analyzer::gallop(7, 7, [](std::size_t) { return true; }), 7u);
}

}  // namespace
