// The test for a jump at a named place, on medians at the sizes a bench sweeps (four a doubling)
// with relative noise: a protocol switch at the place is found and where, a line or a bend
// elsewhere is not taken for one (at about the significance's rate), and bad input is refused.

#include "xo/analyzer/fit/jump_test.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

using xo::analyzer::fit::test_jump_at;
using xo::analyzer::fit::within_factor;

struct Medians {
  std::vector<double> x, y;
};

// Sizes 1 B to 1 MiB, four a doubling; the truth at each times (1 + noise).
Medians medians(const std::function<double(double)>& truth, double noise, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> gauss(0, 1);
  Medians m;
  for (int k = 0; k <= 80; ++k) {
    const double bytes = std::round(std::exp2(k / 4.0));
    if (!m.x.empty() && bytes == m.x.back()) continue;
    m.x.push_back(bytes);
    m.y.push_back(truth(bytes) * (1 + noise * gauss(random)));
  }
  return m;
}

// Eager (a copy per byte) up to `limit`, a rendezvous's handshake above: 20 % more at 16 KiB.
double eager_then_rendezvous(double bytes, double limit) {
  return bytes <= limit ? 0.5e-6 + 0.2e-9 * bytes : 1.4e-6 + 0.2e-9 * bytes;
}

TEST(JumpTest, FindsASwitchAtThePlaceNamed) {
  int found = 0;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const Medians m = medians([](double b) { return eager_then_rendezvous(b, 16384); }, 0.01, seed);
    const auto test = test_jump_at(m.x, m.y, 16384, within_factor(16384, 2));
    ASSERT_TRUE(test.has_value());
    if (!test->significant()) continue;
    ++found;
    // A message of the limit's own size still goes eager: the boundary is just above it.
    EXPECT_EQ(test->at.left_x, 16384);
    EXPECT_EQ(test->at.right_x, 19484);
    // The handshake's 0.9 us over the eager line at 19484 B.
    EXPECT_NEAR(test->relative_jump, 0.9e-6 / eager_then_rendezvous(19484, 1 << 20), 0.06);
    EXPECT_LT(test->at.jump.lower, test->at.jump.value);
  }
  EXPECT_EQ(found, 50);
}

TEST(JumpTest, ALimitThatCountsTheHeaderIsFoundJustBelowItsValue) {
  // The library counts a header of 64 B against the limit: a message of 16384 B goes rendezvous.
  const Medians m = medians([](double b) { return eager_then_rendezvous(b + 64, 16384); }, 0.01, 3);
  const auto test = test_jump_at(m.x, m.y, 16384, within_factor(16384, 2));
  ASSERT_TRUE(test.has_value());
  EXPECT_TRUE(test->significant());
  EXPECT_EQ(test->at.left_x, 13777);
  EXPECT_EQ(test->at.right_x, 16384);
}

TEST(JumpTest, OneNoisyLineIsAJumpAboutAsOftenAsTheSignificanceSays) {
  int significant = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const Medians m = medians([](double b) { return 0.5e-6 + 0.2e-9 * b; }, 0.02, seed);
    if (test_jump_at(m.x, m.y, 16384, within_factor(16384, 2))->significant()) ++significant;
  }
  // At 1 %, 4 expected of 400; 12 or more would happen by chance less than once in a thousand.
  EXPECT_LT(significant, 12);
}

TEST(JumpTest, ABendTwoDoublingsAwayIsNotTheSwitch) {
  // The slope changes at 64 KiB (a library sending in fragments from there), nothing at 16 KiB.
  int significant = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const Medians m = medians(
        [](double b) { return b <= 65536 ? 0.5e-6 + 0.2e-9 * b : 0.5e-6 + 65536 * 0.1e-9 + 0.3e-9 * b; }, 0.01, seed);
    if (test_jump_at(m.x, m.y, 16384, within_factor(16384, 2))->significant()) ++significant;
  }
  EXPECT_LT(significant, 5);
}

TEST(JumpTest, AStepHalfADoublingAwayIsNotTheSwitch) {
  // A drop of a quarter between 77936 and 92682 B (another protocol), nothing at 65536: the line
  // on the side that holds the drop fits it badly, so two lines split at 65536 explain no more.
  int significant = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const Medians m = medians([](double b) { return (b < 90000 ? 1.0 : 0.75) * (0.5e-6 + 0.2e-9 * b); }, 0.01, seed);
    if (test_jump_at(m.x, m.y, 65536, within_factor(65536, 2))->significant()) ++significant;
  }
  EXPECT_LT(significant, 5);
}

TEST(JumpTest, NoiseFreeDataGiveACertainAnswerAndNoNaN) {
  const Medians m = medians([](double b) { return eager_then_rendezvous(b, 4096); }, 0, 1);
  const auto test = test_jump_at(m.x, m.y, 4096, within_factor(4096, 2));
  ASSERT_TRUE(test.has_value());
  EXPECT_TRUE(test->significant());
  EXPECT_EQ(test->at.right_x, 4871);
  EXPECT_FALSE(std::isnan(test->relative_jump));
  const Medians line = medians([](double b) { return 0.5e-6 + 0.2e-9 * b; }, 0, 1);
  EXPECT_FALSE(test_jump_at(line.x, line.y, 4096, within_factor(4096, 2))->significant());
}

TEST(JumpTest, TooFewSizesAroundThePlaceGiveNoTest) {
  const Medians m = medians([](double b) { return eager_then_rendezvous(b, 16384); }, 0.01, 1);
  EXPECT_FALSE(test_jump_at(m.x, m.y, 1 << 20, within_factor(1 << 20, 2)).has_value());  // nothing measured above 1 MiB
  EXPECT_FALSE(test_jump_at(m.x, m.y, 2, within_factor(2, 2)).has_value());
  EXPECT_FALSE(test_jump_at(m.x, m.y, 16384, within_factor(16384, 1.2)).has_value());  // one size a side within 20 %
}

TEST(JumpTest, RefusesBadInput) {
  const std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8}, y = {1, 1, 1, 1, 2, 2, 2, 2};
  EXPECT_THROW(test_jump_at(x, std::vector<double>{1, 2}, 4, within_factor(4, 2)), std::invalid_argument);
  EXPECT_THROW(test_jump_at(std::vector<double>{2, 1, 3, 4, 5, 6, 7, 8}, y, 4, within_factor(4, 2)),
               std::invalid_argument);
  EXPECT_THROW(test_jump_at(x, std::vector<double>{1, 1, 0, 1, 2, 2, 2, 2}, 4, within_factor(4, 2)),
               std::invalid_argument);
  EXPECT_THROW(test_jump_at(x, y, 4, {5, 8}), std::invalid_argument);
  EXPECT_THROW(test_jump_at(x, y, 4, within_factor(4, 2), 0), std::invalid_argument);
  const auto step = test_jump_at(x, y, 4.5, within_factor(4.5, 4));
  ASSERT_TRUE(step.has_value());
  EXPECT_TRUE(step->significant());
}

}  // namespace
