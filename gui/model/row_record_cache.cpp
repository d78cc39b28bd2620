#include "model/row_record_cache.hpp"

namespace xo::gui {

void RowRecordCache::forget() {
  entries_.clear();
  held_.clear();
  for (auto& rows : used_) rows.clear();
  trace_ = nullptr;
}

void RowRecordCache::begin_frame(const void* trace, std::size_t rows, const PixelScale& scale, int width,
                                 std::size_t workers) {
  if (trace != trace_ || rows != entries_.size()) {
    forget();
    trace_ = trace;
    entries_.resize(rows);
  }
  if (!scale.same_grid(scale_) || width != width_ || grid_ == 0) ++grid_;
  scale_ = scale;
  width_ = width;
  // The rows the last frame asked are kept; the rest held before are released.
  for (const std::uint32_t row : held_) {
    Entry& e = entries_[row];
    if (e.last_used != frame_) e = Entry{};
  }
  held_.clear();
  for (auto& rows_asked : used_) {
    held_.insert(held_.end(), rows_asked.begin(), rows_asked.end());
    rows_asked.clear();
  }
  if (used_.size() < workers) used_.resize(workers);
  ++frame_;
}

std::span<const PixelRecord> RowRecordCache::records(std::size_t row, const RowView& view, const ColumnBuckets* buckets,
                                                     std::size_t worker) {
  Entry& e = entries_[row];
  if (e.last_used != frame_) {
    used_[worker].push_back(static_cast<std::uint32_t>(row));
    e.last_used = frame_;
  }
  const long long shift = scale_.offset - e.offset;
  if (e.grid == grid_) {
    shift_records(view, scale_, width_, shift, e.records, buckets);
  } else {
    aggregate_row(view, scale_, width_, e.records, buckets);
    e.grid = grid_;
  }
  e.offset = scale_.offset;
  return e.records;
}

}  // namespace xo::gui
