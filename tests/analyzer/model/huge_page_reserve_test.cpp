// reserve_on_huge_pages: a column keeps its rows and gets the room asked for, whatever its size;
// the reserved part before the first whole huge page is made present, nothing past the rows is
// written. Released rows give back their whole pages and no other row's.

#include "xo/analyzer/huge_page_reserve.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

const std::uintptr_t kPage = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

bool resident(std::uintptr_t address) {
  unsigned char flag = 0;
  mincore(reinterpret_cast<void*>(address & ~(kPage - 1)), kPage, &flag);
  return (flag & 1) != 0;
}

TEST(HugePageReserve, KeepsRowsAndReservesAtEverySize) {
  for (const std::size_t rows : {std::size_t{0}, std::size_t{10}, std::size_t{100'000}, std::size_t{3'000'000}}) {
    std::vector<double> column(7);
    std::iota(column.begin(), column.end(), 1.0);
    xo::analyzer::reserve_on_huge_pages(column, rows);
    ASSERT_EQ(column.size(), 7u);
    EXPECT_GE(column.capacity(), rows);
    for (std::size_t i = 0; i < column.size(); ++i) EXPECT_EQ(column[i], static_cast<double>(i + 1));
    column.resize(rows + 8, -1.0);  // rows past the reservation still append
    EXPECT_EQ(column[6], 7.0);
    EXPECT_EQ(column.back(), -1.0);
  }
}

TEST(HugePageReserve, MakesTheHeadBeforeTheFirstHugePagePresent) {
  void* probe = mmap(nullptr, kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(probe, MAP_FAILED);
  const bool refused = madvise(probe, kPage, MADV_POPULATE_WRITE) != 0;
  munmap(probe, kPage);
  if (refused) GTEST_SKIP() << "the kernel refuses MADV_POPULATE_WRITE";
  std::vector<std::uint64_t> column;
  xo::analyzer::reserve_on_huge_pages(column, 16u << 20);  // 128 MiB: the allocator maps it afresh
  const auto first_row = reinterpret_cast<std::uintptr_t>(column.data());
  const std::uintptr_t first_huge = (first_row + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t head = (first_row + kPage - 1) & ~(kPage - 1);
  ASSERT_LT(head, first_huge);
  for (std::uintptr_t page = head; page < first_huge; page += kPage) EXPECT_TRUE(resident(page)) << page - first_row;
  // Past the head nothing is touched: the last reserved page is still absent.
  const auto end = reinterpret_cast<std::uintptr_t>(column.data() + column.capacity());
  EXPECT_FALSE(resident(end - 1));
}

TEST(HugePageReserve, ReleasedRowsGiveTheirWholePagesBackAndLeaveTheRestIntact) {
  std::vector<std::uint64_t> column(4u << 20);  // 32 MiB: the allocator maps it afresh
  std::iota(column.begin(), column.end(), std::uint64_t{1});
  const std::size_t released = column.size() / 2 + 3;  // ends inside a page
  xo::analyzer::release_rows(column, released);
  const auto first_row = reinterpret_cast<std::uintptr_t>(column.data());
  const std::uintptr_t first_whole = (first_row + kPage - 1) & ~(kPage - 1);
  const auto last_whole_end = reinterpret_cast<std::uintptr_t>(column.data() + released) & ~(kPage - 1);
  for (std::uintptr_t page = first_whole; page < last_whole_end; page += 64 * kPage) {
    EXPECT_FALSE(resident(page)) << "released page at row " << (page - first_row) / sizeof(std::uint64_t);
  }
  // The page that holds the last released row also holds kept rows: it stays, as do they.
  for (std::size_t row = (last_whole_end - first_row) / sizeof(std::uint64_t); row < column.size(); ++row) {
    ASSERT_EQ(column[row], row + 1) << "row " << row;
  }
}

}  // namespace
