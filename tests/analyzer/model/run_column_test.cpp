// RunColumn: every row reads back the value pushed for it, whether its runs are thousands of rows
// long or a row each, across the 256-row blocks it keeps a run for; appending joins a run that
// continues, truncating drops the rows after.

#include "xo/analyzer/run_column.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using xo::analyzer::Index;
using xo::analyzer::RunColumn;

template <class T>
void expect_rows(const RunColumn<T>& column, const std::vector<T>& expected) {
  ASSERT_EQ(column.size(), expected.size());
  for (std::size_t row = 0; row < expected.size(); ++row) ASSERT_EQ(column[row], expected[row]) << "row " << row;
}

// Runs of lengths drawn from [1, longest] of values drawn from [0, values).
std::vector<int> runs_of(std::mt19937& random, int runs, unsigned longest, unsigned values) {
  std::vector<int> out;
  for (int k = 0; k < runs; ++k) out.insert(out.end(), 1 + random() % longest, static_cast<int>(random() % values));
  return out;
}

RunColumn<int> column_of(const std::vector<int>& rows) {
  RunColumn<int> column;
  for (const int v : rows) column.push_back(v);
  return column;
}

TEST(RunColumn, LongRunsShortRunsAndRunsOfOneRow) {
  std::mt19937 random(1);
  for (const unsigned longest : {3000u, 300u, 3u, 1u}) {
    const std::vector<int> rows = runs_of(random, 2000, longest, 50);
    expect_rows(column_of(rows), rows);
  }
}

TEST(RunColumn, BlockBoundaries) {
  for (const std::size_t rows : {255u, 256u, 257u, 511u, 512u, 513u}) {
    std::vector<int> expected(rows, 3);
    expected.push_back(4);
    expected.push_back(-9);
    expect_rows(column_of(expected), expected);
  }
}

TEST(RunColumn, AppendJoinsARunThatContinuesAndTruncateDropsTheRest) {
  std::mt19937 random(2);
  std::vector<int> rows = runs_of(random, 500, 600, 4);
  for (const std::size_t split : {std::size_t{0}, std::size_t{1}, std::size_t{256}, rows.size() / 2, rows.size()}) {
    RunColumn<int> column = column_of({rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(split)});
    RunColumn<int> more = column_of({rows.begin() + static_cast<std::ptrdiff_t>(split), rows.end()});
    column.append(more);
    EXPECT_EQ(more.size(), 0u);
    expect_rows(column, rows);
  }
  RunColumn<int> column = column_of(rows);
  for (const std::size_t keep :
       {rows.size() - 1, std::size_t{1000}, std::size_t{513}, std::size_t{256}, std::size_t{1}}) {
    column.truncate(keep);
    rows.resize(keep);
    expect_rows(column, rows);
    column.push_back(77);
    rows.push_back(77);
    expect_rows(column, rows);
  }
}

TEST(RunColumn, RunsNameEachRunsFirstRowAndValue) {
  const RunColumn<int> column = column_of({0, 0, 2, 2, 2, 5, 2});
  EXPECT_EQ(column.run_firsts(), (std::vector<Index>{0, 2, 5, 6}));
  EXPECT_EQ(column.run_values(), (std::vector<int>{0, 2, 5, 2}));
}

}  // namespace
