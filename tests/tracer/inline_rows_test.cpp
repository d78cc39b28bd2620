// The profile recorder's tables: rows found or added, past the inline ones onto the heap, each
// found again wherever it lives, and visited in the order added.

#include "inline_rows.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

struct Row {
  int key = 0;
  int count = 0;
};

TEST(InlineRows, RowsBeyondTheInlineOnesAreFoundAgainInOrder) {
  xo::tracer::InlineRows<Row, 2> rows;
  for (int round = 0; round < 3; ++round) {
    for (int key : {5, 7, 9, 11}) ++rows.find_or_add([&](const Row& r) { return r.key == key; }, Row{key, 0}).count;
  }
  EXPECT_EQ(rows.size(), 4u);
  EXPECT_TRUE(rows.contains([](const Row& r) { return r.key == 11; }));
  EXPECT_FALSE(rows.contains([](const Row& r) { return r.key == 6; }));
  std::vector<int> keys, counts;
  rows.for_each([&](const Row& r) { keys.push_back(r.key), counts.push_back(r.count); });
  EXPECT_EQ(keys, (std::vector<int>{5, 7, 9, 11}));
  EXPECT_EQ(counts, (std::vector<int>{3, 3, 3, 3}));
}

}  // namespace
