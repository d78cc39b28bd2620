#include "record_arena.hpp"

#include <sys/mman.h>

#include <cassert>
#include <cstdint>
#include <new>

namespace xo::tracer {

namespace {

constexpr std::size_t kSlabBytes = 32 * 1024 * 1024;
constexpr std::size_t kAlignment = 64;

}  // namespace

RecordArena::~RecordArena() {
  for (const Slab& slab : slabs_) munmap(slab.memory, slab.bytes);
}

void* RecordArena::allocate(std::size_t bytes) {
  assert(bytes <= kMaxBlock && "blocks are small");
  bytes = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (static_cast<std::size_t>(end_ - next_) < bytes) {
    // Untouched pages cost nothing: a small run maps a slab and uses a few of its pages.
    void* memory = mmap(nullptr, kSlabBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    madvise(memory, kSlabBytes, MADV_HUGEPAGE);  // a hint: without it, ordinary pages
    slabs_.push_back({memory, kSlabBytes});
    next_ = static_cast<char*>(memory);
    end_ = next_ + kSlabBytes;
  }
  void* block = next_;
  next_ += bytes;
  return block;
}

}  // namespace xo::tracer
