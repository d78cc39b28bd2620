// OptionalSeconds behaves as std::optional<double> for every value stored, NaN and infinities
// included, in half the bytes.

#include "xo/analyzer/fit/optional_seconds.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using xo::analyzer::fit::OptionalSeconds;

TEST(OptionalSeconds, EmptyUntilAValueIsStored) {
  OptionalSeconds s;
  EXPECT_FALSE(s.has_value());
  EXPECT_FALSE(s);
  EXPECT_EQ(s.value_or(-1), -1);
  s = 2.5e-6;
  EXPECT_TRUE(s);
  EXPECT_EQ(*s, 2.5e-6);
  s.reset();
  EXPECT_FALSE(s);
  s = 0.0;
  EXPECT_TRUE(s);  // zero is a value, not empty
  s = std::nullopt;
  EXPECT_FALSE(s);
}

TEST(OptionalSeconds, EveryDoubleReadsBackAsStored) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const double v :
       {nan, -nan, std::numeric_limits<double>::infinity(), -0.0, -1e-6, std::numeric_limits<double>::denorm_min(),
        std::numeric_limits<double>::max(), 0.0 / 0.0 * 3}) {
    const OptionalSeconds s = v;
    ASSERT_TRUE(s.has_value()) << v;
    EXPECT_TRUE(std::isnan(v) ? std::isnan(*s) : *s == v) << v;
  }
}

TEST(OptionalSeconds, ComparesAsOptional) {
  EXPECT_EQ(OptionalSeconds{}, OptionalSeconds{std::nullopt});
  EXPECT_EQ(OptionalSeconds{1.0}, OptionalSeconds{1.0});
  EXPECT_NE(OptionalSeconds{1.0}, OptionalSeconds{});
  EXPECT_NE(OptionalSeconds{0.0}, OptionalSeconds{});
  EXPECT_NE(OptionalSeconds{std::nan("")}, OptionalSeconds{std::nan("")});
  static_assert(sizeof(OptionalSeconds) == 8);
}

}  // namespace
