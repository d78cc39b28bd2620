// How the report writes sizes: whole byte counts exactly, fitted sizes to three digits.
#include "xo/analyzer/analysis/number_text.hpp"

#include <gtest/gtest.h>

using xo::analyzer::bytes_text;

TEST(BytesText, WholeCountsOfBytesAreExact) {
  EXPECT_EQ(bytes_text(0), "0 B");
  EXPECT_EQ(bytes_text(1000), "1000 B");
  EXPECT_EQ(bytes_text(1023), "1023 B");
}

TEST(BytesText, AFittedSizeHasThreeDigitsAsTheLargerUnitsHave) {
  EXPECT_EQ(bytes_text(891.2421085), "891 B");  // a crossing, once written "891.2421085 B"
  EXPECT_EQ(bytes_text(17.51), "17.5 B");
  EXPECT_EQ(bytes_text(0.5), "0.5 B");
  EXPECT_EQ(bytes_text(1.99 * 1024), "1.99 KiB");
}
