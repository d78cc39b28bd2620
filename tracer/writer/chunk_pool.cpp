#include "chunk_pool.hpp"

#include <cstdlib>

namespace xo::tracer {

ChunkPool::~ChunkPool() {
  for (void* memory : owned_) std::free(memory);
}

const OTF2_MemoryCallbacks* ChunkPool::callbacks() {
  static constexpr OTF2_MemoryCallbacks kCallbacks = {allocate, free_all};
  return &kCallbacks;
}

void* ChunkPool::allocate(void* pool_data, OTF2_FileType, OTF2_LocationRef, void** per_buffer, std::uint64_t size) {
  auto& pool = *static_cast<ChunkPool*>(pool_data);
  if (*per_buffer == nullptr) *per_buffer = new BufferChunks;
  Chunk chunk{nullptr, size};
  for (std::size_t i = 0; i < pool.free_.size(); ++i) {
    if (pool.free_[i].size == size) {
      chunk = pool.free_[i];
      pool.free_[i] = pool.free_.back();
      pool.free_.pop_back();
      break;
    }
  }
  if (chunk.memory == nullptr) {
    chunk.memory = std::malloc(size);
    if (chunk.memory == nullptr) return nullptr;  // OTF2 reports it
    pool.owned_.push_back(chunk.memory);
  }
  static_cast<BufferChunks*>(*per_buffer)->push_back(chunk);
  return chunk.memory;
}

void ChunkPool::free_all(void* pool_data, OTF2_FileType, OTF2_LocationRef, void** per_buffer, bool final) {
  auto& pool = *static_cast<ChunkPool*>(pool_data);
  auto* chunks = static_cast<BufferChunks*>(*per_buffer);
  if (chunks == nullptr) return;
  pool.free_.insert(pool.free_.end(), chunks->begin(), chunks->end());
  chunks->clear();
  if (final) {
    delete chunks;
    *per_buffer = nullptr;
  }
}

}  // namespace xo::tracer
