#pragma once
// Memory for a run's buffered records: large slabs handed out in blocks, freed all together when
// the run's buffers go. A traced run appends to thousands of per-rank logs in turn; growing each
// as a std::vector copied every record again and again, and the fresh pages of so many growing
// vectors cost more page faults than the recording itself. Blocks never move, slabs are filled
// front to back, and the kernel may back them with huge pages (MADV_HUGEPAGE), one fault per 2 MiB.

#include <cstddef>
#include <vector>

namespace xo::tracer {

class RecordArena {
 public:
  RecordArena() = default;
  ~RecordArena();
  RecordArena(const RecordArena&) = delete;
  RecordArena& operator=(const RecordArena&) = delete;

  // `bytes` (at most kMaxBlock), aligned to 64 bytes. Throws std::bad_alloc if the system has no
  // memory left.
  void* allocate(std::size_t bytes);

  static constexpr std::size_t kMaxBlock = 64 * 1024;

 private:
  struct Slab {
    void* memory;
    std::size_t bytes;
  };
  std::vector<Slab> slabs_;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace xo::tracer
