#pragma once
// Memory for OTF2's buffers, recycled. OTF2 allocates a whole chunk per buffer (an event or local
// definition writer per location) and fills what it did not use, so with malloc every location
// costs a chunk's worth of fresh pages: page faults that dominated writing archives of many
// locations. Since one location is written at a time, a handful of chunks, mapped once, serve
// them all. OTF2 hands a buffer's chunks back all at once (OTF2_MemoryFreeAll in OTF2_Callbacks.h).

#include <otf2/otf2.h>

#include <cstdint>
#include <vector>

namespace xo::tracer {

class ChunkPool {
 public:
  ChunkPool() = default;
  ~ChunkPool();
  ChunkPool(const ChunkPool&) = delete;
  ChunkPool& operator=(const ChunkPool&) = delete;

  // For OTF2_Archive_SetMemoryCallbacks, with this pool as the user data; the pool must outlive
  // the archive.
  static const OTF2_MemoryCallbacks* callbacks();

 private:
  struct Chunk {
    void* memory;
    std::uint64_t size;
  };
  using BufferChunks = std::vector<Chunk>;  // a buffer's chunks, OTF2's per-buffer data

  static void* allocate(void* pool, OTF2_FileType, OTF2_LocationRef, void** per_buffer, std::uint64_t size);
  static void free_all(void* pool, OTF2_FileType, OTF2_LocationRef, void** per_buffer, bool final);
  void* take(void** per_buffer, std::uint64_t size);

  std::vector<Chunk> free_;  // ready for reuse
  std::vector<void*> owned_;
};

}  // namespace xo::tracer
