#pragma once
// Each row's pixel records of the frames before, so that a pan costs the columns it brings into
// view rather than the whole width: a row asked again at the same columns moved (PixelScale's
// offset) has its records moved and only the new columns aggregated (shift_records). A zoom, a new
// width or a new trace starts afresh. Rows not asked in a frame are dropped at the next, so the
// cache holds one frame's records: about one per row and pixel column at most.

#include <cstdint>
#include <span>
#include <vector>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

class RowRecordCache {
 public:
  // Before a frame's first records(): its columns, and the rows of the trace it draws (`trace`
  // identifies it; forget() when it may be another at the same address).
  void begin_frame(const void* trace, std::size_t rows, const PixelScale& scale, int width, std::size_t workers);
  void forget();

  // Row `row`'s records at this frame, valid until the next begin_frame. Several workers may ask
  // at once for different rows; `worker` is the asker's index below begin_frame's `workers`.
  std::span<const PixelRecord> records(std::size_t row, const RowView& view, const ColumnBuckets* buckets,
                                       std::size_t worker);

 private:
  struct Entry {
    std::vector<PixelRecord> records;
    long long offset = 0;         // of the scale they were aggregated at
    std::uint64_t grid = 0;       // the grid they were aggregated on; 0: none
    std::uint64_t last_used = 0;  // frame
  };

  const void* trace_ = nullptr;
  PixelScale scale_;
  int width_ = 0;
  std::uint64_t grid_ = 0;                        // numbers the grids (origin, column width, frame width) seen
  std::uint64_t frame_ = 0;                       // numbers the frames
  std::vector<Entry> entries_;                    // by row
  std::vector<std::vector<std::uint32_t>> used_;  // by worker: rows first asked this frame
  std::vector<std::uint32_t> held_;               // rows whose entry may hold records
};

}  // namespace xo::gui
