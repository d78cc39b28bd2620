// sim::HugePageArray: every object constructed once and destroyed once, in place (addresses never
// move, also when the array is moved), and none leaked when a constructor throws.

#include "xo/mpi/kernel/huge_page_array.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>

namespace {

int g_alive = 0;
int g_throw_at = -1;  // the construction that throws, counted from 0; -1: none

struct Counted {
  Counted() {
    if (g_throw_at == 0) throw std::runtime_error("constructor failed");
    --g_throw_at;
    ++g_alive;
  }
  ~Counted() { --g_alive; }
  int value = 7;
};

TEST(HugePageArray, ConstructsEveryObjectInPlaceAndDestroysEachOnce) {
  g_alive = 0;
  g_throw_at = -1;
  {
    constexpr std::size_t kCount = 40000;  // over 2 MiB of objects with a padding: the huge-page advice applies
    struct Big : Counted {
      char padding[64];
    };
    xo::sim::HugePageArray<Big> items(kCount);
    EXPECT_EQ(items.size(), kCount);
    EXPECT_EQ(g_alive, static_cast<int>(kCount));
    for (const Big& b : items) EXPECT_EQ(b.value, 7);
    Big* first = &items[0];
    items[kCount - 1].value = 3;
    xo::sim::HugePageArray<Big> moved(std::move(items));
    EXPECT_EQ(&moved[0], first);  // pointers to rank state stay valid
    EXPECT_EQ(moved[kCount - 1].value, 3);
    EXPECT_TRUE(items.empty());
  }
  EXPECT_EQ(g_alive, 0);
}

TEST(HugePageArray, AConstructorThatThrowsLeavesNothingAlive) {
  g_alive = 0;
  g_throw_at = 5;
  EXPECT_THROW(xo::sim::HugePageArray<Counted>(10), std::runtime_error);
  EXPECT_EQ(g_alive, 0);
  g_throw_at = -1;
}

}  // namespace
