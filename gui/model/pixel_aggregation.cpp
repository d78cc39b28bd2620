#include "model/pixel_aggregation.hpp"

#include <algorithm>
#include <ranges>

namespace xo::gui {

namespace {

// Whether span i meets a column starting at a, given that it starts before the column ends.
bool reaches(const RowView& row, std::size_t i, double a) { return row.start(i) >= a || row.end(i) > a; }

// The first index in [from, n) whose span starts at or after b (starts sorted), galloping from
// `from`: cheap when the column holds few spans, logarithmic when it holds many.
std::size_t first_starting_at(std::span<const double> starts, std::size_t from, double b) {
  std::size_t lo = from, step = 1, hi = from;
  while (hi < starts.size() && starts[hi] < b) {
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  hi = std::min(hi, starts.size());
  return static_cast<std::size_t>(std::lower_bound(starts.begin() + static_cast<std::ptrdiff_t>(lo),
                                                   starts.begin() + static_cast<std::ptrdiff_t>(hi), b) -
                                  starts.begin());
}

// The first span that meets a column starting at a or a later one: the predicate is monotone
// because spans are sorted and disjoint (their ends are sorted too).
std::size_t first_reaching(const RowView& row, double a) {
  return *std::ranges::partition_point(std::views::iota(std::size_t{0}, row.size()),
                                       [&](std::size_t i) { return !reaches(row, i, a); });
}

}  // namespace

bool RowView::one_category(std::size_t lo, std::size_t hi) const {
  const std::uint32_t c = category(lo);
  const std::size_t look_until = std::min(hi, lo + SpanRun::kLong);
  for (std::size_t i = lo + 1; i < look_until; ++i) {
    if (category(i) != c) return false;
  }
  if (look_until == hi) return true;
  // kLong spans of one category from lo: lo is in a long run.
  const std::uint32_t at = first + static_cast<std::uint32_t>(lo);
  const auto run =
      std::partition_point(long_runs.begin(), long_runs.end(), [at](const SpanRun& r) { return r.end <= at; });
  return run != long_runs.end() && run->first <= at && run->end >= first + hi;
}

void aggregate_row(const RowView& row, const PixelScale& scale, int width, std::vector<PixelRecord>& out) {
  out.clear();
  const std::span<const double> starts = row.starts;
  const std::size_t n = starts.size();
  if (n == 0 || width <= 0) return;
  long long x = 0;
  std::size_t lo = first_reaching(row, scale.column_start(0));
  while (x < width && lo < n) {
    const double b = scale.column_start(x + 1);
    if (starts[lo] >= b) {  // nothing until the column where span lo starts
      x = std::max(x + 1, scale.column_of(starts[lo]));
      continue;
    }
    const std::size_t hi = first_starting_at(starts, lo + 1, b);
    // The category is looked up through the model only when drawn: a whole-trace frame of a dense
    // trace is mostly Mixed columns, and those lookups were a third of its time.
    PixelRecord r{static_cast<std::int32_t>(x), static_cast<std::int32_t>(x + 1), PixelRecord::kMixedCategory,
                  row.first + static_cast<std::uint32_t>(lo), PixelKind::Mixed};
    if (hi == lo + 1) {
      // Span lo alone: every column up to the one holding its end (or the next span's start) is its.
      long long last = std::min<long long>(width, scale.column_of(row.end(lo)));
      if (lo + 1 < n) last = std::min(last, scale.column_of(starts[lo + 1]));
      r.x1 = static_cast<std::int32_t>(std::max(x + 1, last));
      r.kind = PixelKind::Single;
      r.category = row.category(lo);
    } else if (row.one_category(lo, hi)) {
      r.kind = PixelKind::Folded;
      r.category = row.category(lo);
    }
    append_record(out, r);
    x = r.x1;
    // Of the spans met, only the last can reach past the columns just emitted.
    const double next_a = scale.column_start(x);
    lo = reaches(row, hi - 1, next_a) ? hi - 1 : hi;
  }
}

}  // namespace xo::gui
