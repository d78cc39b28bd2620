#pragma once
// A dense row's summary for frames that hold many of its spans a pixel column: a fixed grid of
// buckets over the trace, a byte each saying what meets the bucket (as pixel_aggregation.hpp says a
// span meets a column): nothing, spans of one category (which, for the first 253), or spans of
// several. A column that wholly contains a bucket of several kinds, or two buckets of different
// categories, is Mixed whatever else it holds, so aggregate_row reads a few bytes for it instead
// of every span's start (a whole-trace frame of 10^8 events streamed 0.3 GB of starts). Exact: a
// bucket inside a column is met only by spans that meet the column.

#include <cstdint>
#include <vector>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

struct SpanBuckets {
  // Buckets of a summarised row (8 KB): a 1,400-pixel view of the whole trace has 5.9 a column.
  // Rows with fewer spans than this are not summarised: a column of theirs holds few spans.
  static constexpr int kCount = 8192;
  static constexpr std::uint8_t kEmpty = 0;
  static constexpr std::uint8_t kUnnamed = 254;  // one category, 253 or above: which is not kept
  static constexpr std::uint8_t kSeveral = 255;

  static std::uint8_t code_of(std::uint32_t category) {
    return category < kUnnamed - 1u ? static_cast<std::uint8_t>(category + 1) : kUnnamed;
  }
  // What a bucket holding both holds (two unnamed categories may be one: they stay unnamed).
  static std::uint8_t merge(std::uint8_t a, std::uint8_t b) {
    return a == kEmpty || a == b ? b : b == kEmpty ? a : kSeveral;
  }
};

// Fills codes[0, buckets) with what meets each bucket of `grid` among the row's spans.
void summarize_spans(const RowView& row, const PixelScale& grid, int buckets, std::uint8_t* codes);

// Whether codes[begin, end) show several kinds: a bucket of several, or two buckets of one
// category each that differ (an unnamed one differs from every named one, not from another
// unnamed). Inline: a whole-trace frame asks it for every column of every row.
inline bool buckets_show_several_kinds(const std::uint8_t* codes, std::int32_t begin, std::int32_t end) {
  std::uint8_t seen = SpanBuckets::kEmpty;
  for (std::int32_t k = begin; k < end; ++k) {
    const std::uint8_t c = codes[k];
    if (c == SpanBuckets::kSeveral) return true;
    if (c == SpanBuckets::kEmpty) continue;
    if (seen != SpanBuckets::kEmpty && c != seen) return true;
    seen = c;
  }
  return false;
}

// Which buckets of the summaries' grid lie wholly inside each pixel column of a frame: the same for
// every row, so found once a frame. None (not usable) when a column is narrower than two buckets:
// then some columns would wholly hold none.
class ColumnBuckets {
 public:
  void build(const PixelScale& scale, const PixelScale& grid, int buckets, int width);
  // Whether it was built, usable, for this scale and at least this width.
  bool usable_for(const PixelScale& scale, int width) const {
    return !begin_.empty() && width <= static_cast<int>(begin_.size()) && scale == scale_;
  }
  // Column x (0 <= x < the width built for) wholly holds buckets [begin(x), end(x)).
  std::int32_t begin(long long x) const { return begin_[static_cast<std::size_t>(x)]; }
  std::int32_t end(long long x) const { return end_[static_cast<std::size_t>(x)]; }

 private:
  PixelScale scale_;
  std::vector<std::int32_t> begin_, end_;
};

}  // namespace xo::gui
