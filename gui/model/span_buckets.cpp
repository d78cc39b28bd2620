#include "model/span_buckets.hpp"

#include <algorithm>

namespace xo::gui {

void summarize_spans(const RowView& row, const PixelScale& grid, int buckets, std::uint8_t* codes) {
  std::fill(codes, codes + buckets, SpanBuckets::kEmpty);
  if (buckets <= 0) return;
  // A span meets the buckets from the one holding its start to the last that starts before its
  // end (the one holding its start, if it has no length): the comparisons a column's are. Starts
  // ascend, so a cursor finds the first in a comparison or two rather than by column_of.
  long long k = 0;                     // the bucket holding the start, once the start is in the grid
  double next = grid.column_start(1);  // where bucket k + 1 starts
  const double grid_start = grid.column_start(0);
  for (std::size_t i = 0; i < row.size(); ++i) {
    const double start = row.start(i), end = row.end(i);
    while (start >= next) {
      if (++k == buckets) return;  // this span and the rest start after the grid
      next = grid.column_start(k + 1);
    }
    if (start < grid_start && !(end > grid_start)) continue;  // ends before the grid
    long long last = k;
    for (double after = next; last + 1 < buckets && after < end; after = grid.column_start(last + 1)) ++last;
    const std::uint8_t code = SpanBuckets::code_of(row.category(i));
    for (long long b = k; b <= last; ++b) codes[b] = SpanBuckets::merge(codes[b], code);
  }
}

void ColumnBuckets::build(const PixelScale& scale, const PixelScale& grid, int buckets, int width) {
  scale_ = scale;
  begin_.clear();
  end_.clear();
  if (buckets <= 0 || width <= 0 || scale.seconds_per_pixel < 2 * grid.seconds_per_pixel) return;
  begin_.resize(static_cast<std::size_t>(width));
  end_.resize(static_cast<std::size_t>(width));
  for (long long x = 0; x < width; ++x) {
    const double a = scale.column_start(x), b = scale.column_start(x + 1);
    long long begin = grid.column_of(a);
    if (grid.column_start(begin) < a) ++begin;
    const long long end = std::clamp<long long>(grid.column_of(b), 0, buckets);  // bucket end - 1 ends by b
    begin_[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(std::clamp<long long>(begin, 0, end));
    end_[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(end);
  }
}

}  // namespace xo::gui
