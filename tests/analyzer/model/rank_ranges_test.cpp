// RankRanges: every row reads back the rank pushed for it, whether ranks have thousands of rows or
// a few, or none (ranks skipped), across the 256-row blocks it keeps a rank for.

#include "xo/analyzer/rank_ranges.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using xo::analyzer::RankId;
using xo::analyzer::RankRanges;

void expect_rows(const std::vector<RankId>& ranks) {
  RankRanges ranges;
  for (const RankId r : ranks) ranges.push_back(r);
  ASSERT_EQ(ranges.size(), ranks.size());
  for (std::size_t row = 0; row < ranks.size(); ++row) ASSERT_EQ(ranges[row], ranks[row]) << "row " << row;
}

// Rows per rank drawn from [0, most], ranks ascending from `first`.
std::vector<RankId> ranks_of(std::mt19937& random, int ranks, int most, RankId first = 0) {
  std::vector<RankId> out;
  for (RankId r = first; r < first + ranks; ++r) {
    const int rows = static_cast<int>(random() % static_cast<unsigned>(most + 1));
    out.insert(out.end(), static_cast<std::size_t>(rows), r);
  }
  return out;
}

TEST(RankRanges, ManyRowsPerRank) {
  std::mt19937 random(1);
  expect_rows(ranks_of(random, 20, 3000));
}

TEST(RankRanges, FewRowsPerRankAndRanksWithNone) {
  std::mt19937 random(2);
  expect_rows(ranks_of(random, 5000, 3));
  expect_rows(ranks_of(random, 3000, 1, 7));  // the first rank with rows is not 0
}

TEST(RankRanges, BlockBoundaries) {
  for (const std::size_t rows : {255u, 256u, 257u, 511u, 512u, 513u}) {
    std::vector<RankId> ranks(rows, 3);
    ranks.push_back(4);
    ranks.push_back(9);
    expect_rows(ranks);
  }
}

TEST(RankRanges, FirstOfRankNamesEachRanksFirstRow) {
  RankRanges ranges;
  for (const RankId r : {0, 0, 2, 2, 2, 5}) ranges.push_back(r);
  EXPECT_EQ(ranges.first_of_rank(), (std::vector<xo::analyzer::Index>{0, 2, 2, 5, 5, 5}));
}

}  // namespace
