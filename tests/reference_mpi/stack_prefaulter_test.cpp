// sim::StackPrefaulter: the top page of each stack above the one the engine has reached becomes
// resident without being written; no other page is touched.

#include "xo/mpi/kernel/stack_prefaulter.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <vector>

namespace {

const std::size_t kPage = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));

struct Region {
  explicit Region(std::size_t pages) : bytes(pages * kPage) {
    base = static_cast<unsigned char*>(
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
  }
  ~Region() { munmap(base, bytes); }
  bool resident(std::size_t page) const {
    unsigned char flag = 0;
    mincore(base + page * kPage, kPage, &flag);
    return (flag & 1) != 0;
  }
  unsigned char* base;
  std::size_t bytes;
};

// Stacks of `pages` pages each, side by side; the prefaulter is told the engine has reached
// `reached` before it starts, and is stopped once the last stack's top page is resident.
void check(std::size_t stacks, std::size_t pages, std::size_t reached) {
  Region region(stacks * pages);
  ASSERT_NE(region.base, MAP_FAILED);
  Region probe(1);
  if (madvise(probe.base, kPage, MADV_POPULATE_WRITE) != 0) GTEST_SKIP() << "the kernel refuses MADV_POPULATE_WRITE";
  std::vector<void*> tops;
  for (std::size_t s = 0; s < stacks; ++s) tops.push_back(region.base + (s + 1) * pages * kPage);
  {
    xo::sim::StackPrefaulter prefaulter(tops);
    prefaulter.reached(reached);
    prefaulter.start();
    // It starts with the last stack and ends with the one above `reached`: wait for that one.
    // Waiting is bounded (the work takes milliseconds); nothing is timed.
    const std::size_t last_page = (reached + 2) * pages - 1;
    for (int tries = 0; tries < 3000 && !region.resident(last_page); ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  for (std::size_t p = 0; p < stacks * pages; ++p) {
    const bool expected = p % pages == pages - 1 && p / pages > reached;
    EXPECT_EQ(region.resident(p), expected) << "page " << p;
  }
  for (std::size_t b = 0; b < region.bytes; ++b) ASSERT_EQ(region.base[b], 0) << "byte " << b;
}

TEST(StackPrefaulter, MakesTopPagesResidentAboveTheFirstRank) { check(64, 4, 0); }

TEST(StackPrefaulter, LeavesTheStacksTheEngineHasReached) { check(256, 2, 100); }

}  // namespace
