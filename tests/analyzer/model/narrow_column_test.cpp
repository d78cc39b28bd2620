// NarrowColumn: every row reads back the value pushed or set, whether it fits the narrow type, is
// the wide type's "none", or is kept apart; appending shifts the rows kept apart, truncating drops
// them, and only the values that do not fit are kept apart.

#include "xo/analyzer/narrow_column.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

using xo::analyzer::ByteCountColumn;
using xo::analyzer::ShortIdColumn;

template <class Column, class T>
void expect_rows(const Column& column, const std::vector<T>& expected) {
  ASSERT_EQ(column.size(), expected.size());
  for (std::size_t row = 0; row < expected.size(); ++row) EXPECT_EQ(column[row], expected[row]) << "row " << row;
}

// The values on either side of the narrow type's last codes, the wide type's largest, and others.
const std::vector<std::uint32_t> kEdges = {0,       1, 0xfffc,     0xfffd, 0xfffe, 0xffff,    0x10000,
                                           0x12345, 7, 0xffffffff, 0xfffe, 65533,  0xfffffffe};

TEST(NarrowColumn, ReadsBackEveryValueAndKeepsApartOnlyThoseThatDoNotFit) {
  ShortIdColumn column;
  for (const std::uint32_t v : kEdges) column.push_back(v);
  expect_rows(column, kEdges);
  // 0xfffe, 0xffff, 0x10000, 0x12345, 0xfffe and 0xfffffffe do not fit; 0xffffffff is "none".
  EXPECT_EQ(column.apart_values().size(), 6u);
}

TEST(NarrowColumn, AppendShiftsTheRowsKeptApartAndFreesTheOther) {
  std::mt19937 random(7);
  std::vector<std::uint32_t> expected;
  ShortIdColumn column, more;
  for (int i = 0; i < 5000; ++i) {
    const std::uint32_t v = random() % 4 == 0 ? kEdges[random() % kEdges.size()] : random() % 100;
    expected.push_back(v);
    (i < 3000 ? column : more).push_back(v);
  }
  column.append(more);
  EXPECT_EQ(more.size(), 0u);
  expect_rows(column, expected);
}

TEST(NarrowColumn, SetChangesARowInAnyOrderAndTruncateDropsTheRest) {
  ShortIdColumn column;
  column.assign(10, 0xffffffff);
  expect_rows(column, std::vector<std::uint32_t>(10, 0xffffffff));
  EXPECT_TRUE(column.apart_values().empty()) << "none is not kept apart";
  std::vector<std::uint32_t> expected(10, 0xffffffff);
  for (const auto& [row, value] : std::vector<std::pair<std::size_t, std::uint32_t>>{
           {7, 70000}, {2, 80000}, {5, 3}, {7, 4}, {2, 90000}, {9, 0xfffe}, {0, 100000}}) {
    column.set(row, value);
    expected[row] = value;
    expect_rows(column, expected);
  }
  EXPECT_EQ(column.apart_values().size(), 3u);  // rows 0, 2 and 9
  column.truncate(5);
  expected.resize(5);
  expect_rows(column, expected);
  EXPECT_EQ(column.apart_values().size(), 2u);
  column.push_back(123456);
  expected.push_back(123456);
  expect_rows(column, expected);
}

TEST(NarrowColumn, KeepsByteCountsPastFourGibibytesWhole) {
  const std::vector<std::uint64_t> counts = {0, 1, 0xffffffffu, std::uint64_t{1} << 32, 5, ~std::uint64_t{0}, 1u << 20};
  ByteCountColumn column, more;
  for (std::size_t i = 0; i < counts.size(); ++i) (i < 4 ? column : more).push_back(counts[i]);
  column.append(more);
  expect_rows(column, counts);
  EXPECT_EQ(column.apart_values().size(), 2u) << "0xffffffff and 2^32 do not fit; kNoBytes has its own code";
  column.truncate(4);
  EXPECT_EQ(column[3], std::uint64_t{1} << 32);
  EXPECT_EQ(column.apart_values().size(), 2u);
}

}  // namespace
