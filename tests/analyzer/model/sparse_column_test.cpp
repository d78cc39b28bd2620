// SparseColumn: every row reads back what was pushed, stored or derived, across word boundaries,
// after appending another column and after truncating; a value equal to the derived one, NaN
// included, is not stored.

#include "xo/analyzer/sparse_column.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using xo::analyzer::SparseColumn;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double derived(std::size_t row) { return static_cast<double>(row) * 0.5; }

// Rows 0 .. rows-1, about one in `every` stored (their value -row), the rest derived.
SparseColumn<double> column_of(std::size_t rows, unsigned every, std::vector<double>& expected, std::uint32_t seed) {
  std::mt19937 random(seed);
  SparseColumn<double> column;
  for (std::size_t row = 0; row < rows; ++row) {
    const bool store = random() % every == 0;
    const double value = store ? -static_cast<double>(row) - 1 : derived(expected.size());
    column.push(value, derived(expected.size()));
    expected.push_back(value);
  }
  return column;
}

void expect_rows(const SparseColumn<double>& column, const std::vector<double>& expected) {
  ASSERT_EQ(column.size(), expected.size());
  for (std::size_t row = 0; row < expected.size(); ++row) {
    ASSERT_EQ(column.get(row, [&] { return derived(row); }), expected[row]) << "row " << row;
  }
}

TEST(SparseColumn, ReadsBackEveryRowAtAnyDensity) {
  for (const unsigned every : {1u, 2u, 10u, 1000u}) {
    std::vector<double> expected;
    const SparseColumn<double> column = column_of(1000, every, expected, every);
    expect_rows(column, expected);
    std::size_t stored = 0;
    for (std::size_t row = 0; row < expected.size(); ++row) stored += expected[row] < 0 ? 1 : 0;
    EXPECT_EQ(column.stored(), stored) << "only the rows unlike the derived value are stored";
  }
}

TEST(SparseColumn, StoresNoValueTheTableDerives) {
  SparseColumn<double> column;
  column.push(kNaN, kNaN);
  column.push(1.0, 1.0);
  column.push(kNaN, 2.0);
  column.push(3.0, kNaN);
  EXPECT_EQ(column.stored(), 2u);
  EXPECT_FALSE(column.has(0));
  EXPECT_FALSE(column.has(1));
  EXPECT_TRUE(std::isnan(column.get(2, [] { return 2.0; })));
  EXPECT_EQ(column.get(3, [] { return kNaN; }), 3.0);
}

TEST(SparseColumn, StoredValuesChangeInPlace) {
  SparseColumn<std::uint32_t> column;
  for (std::uint32_t row = 0; row < 200; ++row) {
    if (row % 3 == 0) {
      column.push_stored(0);
    } else {
      column.push_derived();
    }
  }
  for (std::uint32_t row = 0; row < 200; row += 3) column.stored_value(row) = row * 7;
  for (std::uint32_t row = 0; row < 200; ++row) {
    EXPECT_EQ(column.get(row, [] { return 1u; }), row % 3 == 0 ? row * 7 : 1u) << "row " << row;
  }
}

TEST(SparseColumn, AppendsAnotherColumnMappingItsValues) {
  std::vector<double> expected;
  SparseColumn<double> column = column_of(100, 3, expected, 1);  // ends inside a word
  std::vector<double> more;
  SparseColumn<double> other;
  for (std::size_t row = 0; row < 300; ++row) {
    const std::size_t at = expected.size() + row;
    if (row % 5 == 0) {
      other.push_stored(static_cast<double>(row));
      more.push_back(static_cast<double>(row) + 1000);
    } else {
      other.push_derived();
      more.push_back(derived(at));
    }
  }
  column.append(other, [](double v) { return v + 1000; });
  expected.insert(expected.end(), more.begin(), more.end());
  expect_rows(column, expected);
  EXPECT_EQ(other.size(), 0u) << "the appended column is freed";
}

TEST(SparseColumn, TruncatedRowsAreGoneAndNewOnesFollow) {
  for (const std::size_t keep : {std::size_t{0}, std::size_t{63}, std::size_t{64}, std::size_t{100}}) {
    std::vector<double> expected;
    SparseColumn<double> column = column_of(300, 4, expected, 7);
    column.truncate(keep);
    expected.resize(keep);
    std::size_t stored = 0;
    for (double v : expected) stored += v < 0 ? 1 : 0;
    EXPECT_EQ(column.stored(), stored) << "kept " << keep;
    column.push(-1000.0, derived(keep));
    column.push(derived(keep + 1), derived(keep + 1));
    expected.push_back(-1000.0);
    expected.push_back(derived(keep + 1));
    expect_rows(column, expected);
  }
}

}  // namespace
