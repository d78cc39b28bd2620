#pragma once
// The physical memory of the columns a trace read fills and empties.
//
// Reserving a column that a trace read is about to fill, on transparent huge pages where the
// kernel gives them. Linux's default THP mode is "madvise": without the advice a column of
// hundreds of megabytes is faulted in 4 KiB at a time, and on a paravirtualised host a fault costs
// several times the zeroing of its page (bench/analysis_speed there: the model's first touch was
// half of read_trace; with the advice read_trace ran 1.7x faster). The whole 2 MiB pages inside
// the reserved, untouched part are advised; the part before the first of them (under 2 MiB, as the
// allocation is not aligned) is made present by one request instead of a fault per page, since a
// column reserved that large is filled past it. Neither changes contents; a kernel that refuses
// either leaves 4 KiB pages faulted one at a time.

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xo::analyzer {

template <class T>
void reserve_on_huge_pages(std::vector<T>& column, std::size_t rows) {
  column.reserve(rows);
  constexpr std::uintptr_t kPage = 4096;
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  const auto unused = reinterpret_cast<std::uintptr_t>(column.data() + column.size());
  const auto end = reinterpret_cast<std::uintptr_t>(column.data() + column.capacity());
  const std::uintptr_t first_huge = (unused + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last_huge = end & ~(kHugePage - 1);
  if (last_huge <= first_huge) return;  // no whole huge page: small pages as before
  madvise(reinterpret_cast<void*>(first_huge), last_huge - first_huge, MADV_HUGEPAGE);
  // From the first whole small page: the one holding `unused` may hold live rows or allocator data.
  const std::uintptr_t head = (unused + kPage - 1) & ~(kPage - 1);
  if (first_huge > head) madvise(reinterpret_cast<void*>(head), first_huge - head, MADV_POPULATE_WRITE);
}

// Gives the kernel back the pages wholly inside rows [0, rows) of a column that is only to be freed
// from now on, its rows copied elsewhere: copied in blocks, a column is then not in memory twice
// (appending the read's shares had two 100 MB columns so, at 10^8 events, the read's peak).
template <class T>
void release_rows(std::vector<T>& column, std::size_t rows) {
  constexpr std::uintptr_t kPage = 4096;
  const auto begin = (reinterpret_cast<std::uintptr_t>(column.data()) + kPage - 1) & ~(kPage - 1);
  const auto end = reinterpret_cast<std::uintptr_t>(column.data() + rows) & ~(kPage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

// Appends `from` to `to` in 4 MB blocks, giving back each block's pages once copied, and frees
// `from`: the rows are never in memory twice.
template <class T>
void append_releasing(std::vector<T>& to, std::vector<T>& from) {
  constexpr std::size_t kBlock = (std::size_t{4} << 20) / sizeof(T);
  for (std::size_t k = 0; k < from.size(); k += kBlock) {
    const auto block = from.begin() + static_cast<std::ptrdiff_t>(k);
    const std::size_t rows = std::min(kBlock, from.size() - k);
    to.insert(to.end(), block, block + static_cast<std::ptrdiff_t>(rows));
    release_rows(from, k + rows);
  }
  std::vector<T>().swap(from);
}

}  // namespace xo::analyzer
