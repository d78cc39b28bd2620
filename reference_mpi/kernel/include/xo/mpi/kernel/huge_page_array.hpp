#pragma once
// A fixed number of objects, default-constructed side by side in one anonymous mapping that the
// kernel may back with transparent huge pages (MADV_HUGEPAGE; Linux's default THP mode is
// "madvise", so without the advice a region gets 4 KiB pages however large it is). What a
// simulation keeps per rank is written at start-up for every rank: with 4 KiB pages a million
// ranks take a page fault per few ranks, and on a virtual machine a fault that zeroes a page the
// host has not backed yet costs microseconds (bench/million_ranks). With 2 MiB pages the same bytes
// take 512 times fewer faults and TLB entries. The objects never move, so pointers to them stay
// valid, as with one heap allocation each.

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <utility>

namespace xo::sim {

template <class T>
class HugePageArray {
 public:
  HugePageArray() = default;
  explicit HugePageArray(std::size_t count) : count_(count) {
    if (count == 0) return;
    bytes_ = count * sizeof(T);
    void* memory = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    if (bytes_ >= kHugePage) madvise(memory, bytes_, MADV_HUGEPAGE);  // advice only: refused, pages stay 4 KiB
    items_ = static_cast<T*>(memory);
    std::size_t built = 0;
    try {
      for (; built < count; ++built) new (items_ + built) T();
    } catch (...) {
      count_ = built;
      release();
      throw;
    }
  }
  ~HugePageArray() { release(); }
  HugePageArray(HugePageArray&& other) noexcept { swap(other); }
  HugePageArray& operator=(HugePageArray&& other) noexcept {
    HugePageArray moved(std::move(other));
    swap(moved);
    return *this;
  }
  HugePageArray(const HugePageArray&) = delete;
  HugePageArray& operator=(const HugePageArray&) = delete;

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& front() { return items_[0]; }
  T* begin() { return items_; }
  T* end() { return items_ + count_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + count_; }

 private:
  void swap(HugePageArray& other) noexcept {
    std::swap(items_, other.items_);
    std::swap(count_, other.count_);
    std::swap(bytes_, other.bytes_);
  }
  void release() {
    if (items_ == nullptr) return;
    for (std::size_t i = count_; i > 0; --i) items_[i - 1].~T();
    munmap(items_, bytes_);
    items_ = nullptr;
    count_ = 0;
  }

  T* items_ = nullptr;
  std::size_t count_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace xo::sim
