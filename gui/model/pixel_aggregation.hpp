#pragma once
// Per-pixel aggregation of a timeline row, as Paraver and Perfetto draw: whatever the zoom, a row
// becomes at most one draw record per pixel column, so drawing costs pixels, not events.
//
// Pixel column x covers the times [column_start(x), column_start(x + 1)). A span meets a column if it
// starts before the column ends and ends after it starts (a span of zero length: starts in it).
// A column is
//   - empty if no span meets it (no record),
//   - Single if one span meets it (drawn in that span's colour; selectable),
//   - Folded if several spans meet it, all of one category (several calls of one kind, folded),
//   - Mixed if several spans of different categories meet it (drawn in the "many" colour).
// Adjacent columns with the same kind and category (and, for Single, the same span) are merged into
// one record. Spans must be sorted by start and not overlap; then the first span a column meets is
// found by binary search once, and each following column by galloping from the last, with no
// allocation beyond the caller's reused output vector.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "xo/analyzer/narrow_column.hpp"

namespace xo::gui {

// Time to pixel columns: column x starts at origin + (x + offset) * seconds_per_pixel. A pan by whole
// columns keeps the origin and moves the offset, so that the columns both frames show start at the
// same times, bit for bit, and a frame can reuse its predecessor's (row_record_cache.hpp).
struct PixelScale {
  double origin = 0;
  double seconds_per_pixel = 1;
  double pixels_per_second = 1;  // column_of's first guess multiplies: a division costs 5x more
  long long offset = 0;          // in columns; exact as a double below 2^53

  PixelScale() = default;
  PixelScale(double origin_time, double seconds_per_column, long long offset_columns = 0)
      : origin(origin_time),
        seconds_per_pixel(seconds_per_column),
        pixels_per_second(1 / seconds_per_column),
        offset(offset_columns),
        rounding_columns(kRoundingUnits * (std::abs(origin_time) * pixels_per_second + 2)) {}

  // The same columns moved by `columns`: column x of the result is column x + columns of this one.
  PixelScale shifted(long long columns) const {
    PixelScale moved = *this;
    moved.offset += columns;
    return moved;
  }
  // Whether the two differ by a shift of whole columns only.
  bool same_grid(const PixelScale& other) const {
    return origin == other.origin && seconds_per_pixel == other.seconds_per_pixel;
  }
  bool operator==(const PixelScale& other) const { return same_grid(other) && offset == other.offset; }

  double column_start(long long x) const { return grid_start(x + offset); }
  double time_at(double x) const { return origin + (x + static_cast<double>(offset)) * seconds_per_pixel; }
  // The column whose [column_start(x), column_start(x + 1)) holds t, by the same arithmetic. Inline:
  // a zoomed-in frame asks it three times a span.
  long long column_of(double t) const {
    const double raw = std::clamp((t - origin) * pixels_per_second, -4e18, 4e18);
    long long k = static_cast<long long>(raw);  // truncates; the loops below make it the floor
    // The guess is the floor unless raw lies within rounding of a column's edge (raw and
    // grid_start each err by a few units in the last place of origin / seconds_per_pixel and of
    // raw, in columns): then settle it with the comparisons the columns use.
    if (const double within = raw - static_cast<double>(k); raw >= 0 &&
                                                            within > rounding_columns + kRoundingUnits * raw &&
                                                            within < 1 - rounding_columns - kRoundingUnits * raw) {
      return k - offset;
    }
    while (grid_start(k) > t) --k;
    while (grid_start(k + 1) <= t) ++k;
    return k - offset;
  }

 private:
  static constexpr double kRoundingUnits = 16 * 0x1p-53;  // ample for the three roundings of raw and two of a start
  double grid_start(long long k) const { return origin + static_cast<double>(k) * seconds_per_pixel; }
  double rounding_columns = kRoundingUnits * 2;
};

enum class PixelKind : std::uint8_t { Single, Folded, Mixed };

struct PixelRecord {
  std::int32_t x0 = 0;  // columns [x0, x1)
  std::int32_t x1 = 0;
  std::uint32_t category = 0;  // kMixedCategory for Mixed
  std::uint32_t span = 0;      // the first span met in column x0 (index as the caller numbers spans)
  PixelKind kind = PixelKind::Single;

  static constexpr std::uint32_t kMixedCategory = 0xffffffffu;
  bool operator==(const PixelRecord&) const = default;
};
static_assert(sizeof(PixelRecord) == 20, "PixelRecord is a packed plain record");

// A run of at least kLong consecutive spans of one row with one category: spans [first, end) in
// the caller's numbering. Shorter runs are read from RowView::same_as_next.
struct SpanRun {
  static constexpr std::uint32_t kLong = 16;
  std::uint32_t first = 0;
  std::uint32_t end = 0;
};

// A row's spans as the timeline keeps them (timeline_data.hpp): their starts, a column of the model
// or a copy of one, and per span its row of the model, whose end and region columns give the span's
// end and category. Span indices the caller sees are numbered from `first`.
struct RowView {
  std::span<const double> starts;
  const std::uint32_t* sources = nullptr;  // per span: row of the model's table; null: source_first + i
  std::uint32_t source_first = 0;
  const double* source_ends = nullptr;                      // by model row: its end
  const analyzer::ShortIdColumn* source_regions = nullptr;  // by model row: its region
  const std::uint32_t* category_of_region = nullptr;        // regions + 1 entries, the last for any other
  std::uint32_t regions = 0;
  std::span<const SpanRun> long_runs;  // the row's, sorted, in the caller's numbering
  // Bit k (the caller's numbering): span k has the category of span k + 1 in its row.
  const std::uint64_t* same_as_next = nullptr;
  std::uint32_t first = 0;  // the caller's index of starts[0]
  // A dense row's summary (span_buckets.hpp): what meets each bucket of the timeline's grid; null
  // if it has none.
  const std::uint8_t* buckets = nullptr;

  std::size_t size() const { return starts.size(); }
  std::uint32_t source(std::size_t i) const {
    return sources ? sources[i] : source_first + static_cast<std::uint32_t>(i);
  }
  double start(std::size_t i) const { return starts[i]; }
  double end(std::size_t i) const { return std::max(starts[i], source_ends[source(i)]); }
  std::uint32_t category(std::size_t i) const {
    return category_of_region[std::min((*source_regions)[source(i)], regions)];
  }
  // Whether spans [lo, hi) all have one category: fewer than kLong of them, their bits of
  // same_as_next (inline: most columns that hold several spans hold two or three); more, the long
  // run that holds lo, if one does. So a column of a million calls of one kind costs no more than
  // one of three, and neither looks at a category. `run` is a cursor into long_runs that only
  // moves forward: start it at the first run not before the row's first span asked, and ask in
  // increasing lo.
  bool one_category(std::size_t lo, std::size_t hi, std::size_t& run) const {
    if (hi - lo >= SpanRun::kLong) return in_one_long_run(lo, hi, run);
    for (std::size_t from = first + lo, to = first + hi - 1; from < to;) {  // bits [from, to)
      const std::size_t bit = from % 64, take = std::min<std::size_t>(64 - bit, to - from);
      const std::uint64_t mask = (take == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << take) - 1) << bit;
      if ((same_as_next[from / 64] & mask) != mask) return false;
      from += take;
    }
    return true;
  }
  bool in_one_long_run(std::size_t lo, std::size_t hi, std::size_t& run) const;
};

// Appends `r` to `out`, or widens out's last record when `r` continues it (adjacent, the same kind
// and category, and for Single the same span): the one rule every row of records is built by.
// Inline: every column of every row goes through it.
inline void append_record(std::vector<PixelRecord>& out, const PixelRecord& r) {
  if (!out.empty()) {
    PixelRecord& last = out.back();
    if (last.x1 == r.x0 && last.kind == r.kind && last.category == r.category &&
        (r.kind != PixelKind::Single || last.span == r.span)) {
      last.x1 = r.x1;
      return;
    }
  }
  // Field by field: a copy of the whole record read back as one vector the fields just stored
  // one by one, which the store buffer cannot forward (a stall per record zoomed in).
  out.emplace_back(r.x0, r.x1, r.category, r.span, r.kind);
}

class ColumnBuckets;

// Replaces `out` with the records of columns [0, width). Given the frame's ColumnBuckets (built for
// this scale and width, two buckets a column or more), a row with a summary takes a column that
// wholly holds buckets of several kinds as Mixed from them, without its spans; the records are the
// same as without.
void aggregate_row(const RowView& row, const PixelScale& scale, int width, std::vector<PixelRecord>& out,
                   const ColumnBuckets* buckets = nullptr);

// Appends the records of columns [x_begin, x_end) of a frame `width` columns wide, joining out's
// last record where they continue it. Each column's record depends only on the spans meeting it,
// so a row aggregated in pieces, left to right, is the row aggregated whole.
void aggregate_columns(const RowView& row, const PixelScale& scale, int x_begin, int x_end, int width,
                       std::vector<PixelRecord>& out, const ColumnBuckets* buckets = nullptr);

// Turns `records`, the row aggregated at scale.shifted(-shift), into the row at `scale`: the
// columns both show are moved, and only those new to `scale` aggregated. The result is what
// aggregate_row gives at `scale`, record for record; a pan costs the columns it brings into view.
void shift_records(const RowView& row, const PixelScale& scale, int width, long long shift,
                   std::vector<PixelRecord>& records, const ColumnBuckets* buckets = nullptr);

}  // namespace xo::gui
