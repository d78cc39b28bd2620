#include "chunk_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace xo::tracer {

ChunkPool::~ChunkPool() {
  for (void* memory : owned_) std::free(memory);
}

const OTF2_MemoryCallbacks* ChunkPool::callbacks() {
  static constexpr OTF2_MemoryCallbacks kCallbacks = {allocate, free_all};
  return &kCallbacks;
}

// OTF2 is C: nothing may be thrown through it. A failed allocation returns null, which OTF2
// reports as a memory fault.
void* ChunkPool::allocate(void* pool, OTF2_FileType, OTF2_LocationRef, void** per_buffer, std::uint64_t size) {
  try {
    return static_cast<ChunkPool*>(pool)->take(per_buffer, size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void* ChunkPool::take(void** per_buffer, std::uint64_t size) {
  if (*per_buffer == nullptr) *per_buffer = new BufferChunks;
  auto& chunks = *static_cast<BufferChunks*>(*per_buffer);
  chunks.reserve(chunks.size() + 1);  // anything that throws comes before a chunk changes hands
  auto reusable = std::find_if(free_.begin(), free_.end(), [&](const Chunk& c) { return c.size == size; });
  if (reusable != free_.end()) {
    chunks.push_back(*reusable);
    *reusable = free_.back();
    free_.pop_back();
    return chunks.back().memory;
  }
  owned_.reserve(owned_.size() + 1);
  void* memory = std::malloc(size);
  if (memory == nullptr) return nullptr;
  owned_.push_back(memory);
  chunks.push_back({memory, size});
  return memory;
}

// A chunk that cannot go back to the free list (no memory for the list) stays owned and is freed
// with the pool.
void ChunkPool::free_all(void* pool, OTF2_FileType, OTF2_LocationRef, void** per_buffer, bool final) {
  auto* chunks = static_cast<BufferChunks*>(*per_buffer);
  if (chunks == nullptr) return;
  try {
    auto& free = static_cast<ChunkPool*>(pool)->free_;
    free.insert(free.end(), chunks->begin(), chunks->end());
  } catch (const std::bad_alloc&) {
  }
  chunks->clear();
  if (final) {
    delete chunks;
    *per_buffer = nullptr;
  }
}

}  // namespace xo::tracer
