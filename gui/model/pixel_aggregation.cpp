#include "model/pixel_aggregation.hpp"

#include <algorithm>

namespace xo::gui {

namespace {

// Whether span s meets a column starting at a, given that it starts before the column ends.
bool reaches(const Span& s, double a) { return s.end > a || s.start >= a; }

// The first index in [from, n) whose span starts at or after b (spans sorted by start), galloping
// from `from`: cheap when the column holds few spans, logarithmic when it holds many.
std::size_t first_starting_at(std::span<const Span> spans, std::size_t from, double b) {
  std::size_t lo = from, step = 1, hi = from;
  while (hi < spans.size() && spans[hi].start < b) {
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  hi = std::min(hi, spans.size());
  return static_cast<std::size_t>(std::partition_point(spans.begin() + static_cast<std::ptrdiff_t>(lo),
                                                       spans.begin() + static_cast<std::ptrdiff_t>(hi),
                                                       [b](const Span& s) { return s.start < b; }) -
                                  spans.begin());
}

}  // namespace

void append_record(std::vector<PixelRecord>& out, const PixelRecord& r) {
  if (!out.empty()) {
    PixelRecord& last = out.back();
    if (last.x1 == r.x0 && last.kind == r.kind && last.category == r.category &&
        (r.kind != PixelKind::Single || last.span == r.span)) {
      last.x1 = r.x1;
      return;
    }
  }
  out.push_back(r);
}

void aggregate_row(const RowView& row, const PixelScale& scale, int width, std::vector<PixelRecord>& out) {
  out.clear();
  const std::span<const Span> spans = row.spans;
  const std::size_t n = spans.size();
  if (n == 0 || width <= 0) return;
  long long x = 0;
  const double a0 = scale.column_start(0);
  // The first span that meets column 0 or a later one: the predicate is monotone because spans
  // are sorted and disjoint (their ends are sorted too).
  std::size_t lo = static_cast<std::size_t>(
      std::partition_point(spans.begin(), spans.end(), [a0](const Span& s) { return !reaches(s, a0); }) -
      spans.begin());
  while (x < width && lo < n) {
    const double b = scale.column_start(x + 1);
    if (spans[lo].start >= b) {  // nothing until the column where span lo starts
      x = std::max(x + 1, scale.column_of(spans[lo].start));
      continue;
    }
    const std::size_t hi = first_starting_at(spans, lo + 1, b);
    PixelRecord r{static_cast<std::int32_t>(x), static_cast<std::int32_t>(x + 1), spans[lo].category,
                  row.first + static_cast<std::uint32_t>(lo), PixelKind::Single};
    if (hi == lo + 1) {
      // Span lo alone: every column up to the one holding its end (or the next span's start) is its.
      long long last = std::min<long long>(width, scale.column_of(spans[lo].end));
      if (lo + 1 < n) last = std::min(last, scale.column_of(spans[lo + 1].start));
      r.x1 = static_cast<std::int32_t>(std::max(x + 1, last));
    } else if (row.same_category_until[lo] - row.first >= hi) {
      r.kind = PixelKind::Folded;
    } else {
      r.kind = PixelKind::Mixed;
      r.category = PixelRecord::kMixedCategory;
    }
    append_record(out, r);
    x = r.x1;
    // Of the spans met, only the last can reach past the columns just emitted.
    const double next_a = scale.column_start(x);
    lo = reaches(spans[hi - 1], next_a) ? hi - 1 : hi;
  }
}

}  // namespace xo::gui
