#include "model/pixel_aggregation.hpp"

#include <algorithm>

#include "model/span_buckets.hpp"
#include "xo/analyzer/gallop.hpp"

namespace xo::gui {

namespace {

// Whether span i meets a column starting at a, given that it starts before the column ends.
bool reaches(const RowView& row, std::size_t i, double a) { return row.start(i) >= a || row.end(i) > a; }

// The first index in [from, n) whose span starts at or after b (starts sorted), galloping from
// `from`: cheap when the column holds few spans, logarithmic when it holds many.
std::size_t first_starting_at(std::span<const double> starts, std::size_t from, double b) {
  return analyzer::gallop(from, starts.size(), [&](std::size_t i) { return starts[i] < b; });
}

// The first span that meets a column starting at a or a later one, searching from `from` (no span
// before it may reach a). Spans are sorted and disjoint, so of those starting before a only the
// last can reach a: a search of the starts and one end.
std::size_t first_reaching(const RowView& row, std::size_t from, double a) {
  const std::size_t lo = first_starting_at(row.starts, from, a);
  return lo > 0 && reaches(row, lo - 1, a) ? lo - 1 : lo;
}

}  // namespace

bool RowView::in_one_long_run(std::size_t lo, std::size_t hi, std::size_t& run) const {
  // The first long run not before lo: the columns of a row ask in order, so this walks the runs once.
  const std::uint32_t at = first + static_cast<std::uint32_t>(lo);
  while (run < long_runs.size() && long_runs[run].end <= at) ++run;
  return run < long_runs.size() && long_runs[run].first <= at && long_runs[run].end >= first + hi;
}

void aggregate_row(const RowView& row, const PixelScale& scale, int width, std::vector<PixelRecord>& out,
                   const ColumnBuckets* buckets) {
  out.clear();
  aggregate_columns(row, scale, 0, width, width, out, buckets);
}

void aggregate_columns(const RowView& row, const PixelScale& scale, int x_begin, int x_end, int width,
                       std::vector<PixelRecord>& out, const ColumnBuckets* buckets) {
  const std::span<const double> starts = row.starts;
  const std::size_t n = starts.size();
  if (n == 0 || x_begin >= x_end) return;
  long long x = x_begin;
  std::size_t lo = first_reaching(row, 0, scale.column_start(x));
  std::size_t run = static_cast<std::size_t>(std::partition_point(row.long_runs.begin(), row.long_runs.end(),
                                                                  [at = row.first + static_cast<std::uint32_t>(lo)](
                                                                      const SpanRun& r) { return r.end <= at; }) -
                                             row.long_runs.begin());
  const bool summarised = row.buckets && buckets && buckets->usable_for(scale, width);
  bool lo_behind = false;  // lo is a span before column x's first, after columns the summary decided
  while (x < x_end && lo < n) {
    if (summarised) {
      if (buckets_show_several_kinds(row.buckets, buckets->begin(x), buckets->end(x))) {
        PixelRecord r{static_cast<std::int32_t>(x), static_cast<std::int32_t>(x + 1), PixelRecord::kMixedCategory, 0,
                      PixelKind::Mixed};
        const bool continues = !out.empty() && out.back().x1 == r.x0 && out.back().kind == PixelKind::Mixed;
        if (!continues) {  // a new record names the first span it meets, as below
          lo = first_reaching(row, lo, scale.column_start(x));
          r.span = row.first + static_cast<std::uint32_t>(lo);
        }
        append_record(out, r);
        ++x;
        lo_behind = true;
        continue;
      }
      if (lo_behind) {
        lo = first_reaching(row, lo, scale.column_start(x));
        lo_behind = false;
        if (lo >= n) break;
      }
    }
    const double b = scale.column_start(x + 1);
    if (starts[lo] >= b) {  // nothing until the column where span lo starts
      x = std::max(x + 1, scale.column_of(starts[lo]));
      continue;
    }
    // Zoomed in, most columns hold one span: its next one, starting later, is seen in a comparison.
    std::size_t hi = lo + 1;
    if (hi < n && starts[hi] < b) hi = first_starting_at(starts, hi + 1, b);
    // The next column will ask the end of its last span, a miss in the model's column each time:
    // fetched now, guessing that column holds as many spans as this one.
    if (const std::size_t guess = hi + (hi - lo); guess < n) __builtin_prefetch(&row.source_ends[row.source(guess)]);
    // The category is looked up through the model only when drawn: a whole-trace frame of a dense
    // trace is mostly Mixed columns, and those lookups were a third of its time.
    PixelRecord r{static_cast<std::int32_t>(x), static_cast<std::int32_t>(x + 1), PixelRecord::kMixedCategory,
                  row.first + static_cast<std::uint32_t>(lo), PixelKind::Mixed};
    if (hi == lo + 1) {
      // Span lo alone: every column up to the one holding its end (or the next span's start) is its.
      const double until = lo + 1 < n ? std::min(row.end(lo), starts[lo + 1]) : row.end(lo);
      const long long last = std::min<long long>(x_end, scale.column_of(until));
      r.x1 = static_cast<std::int32_t>(std::max(x + 1, last));
      r.kind = PixelKind::Single;
      r.category = row.category(lo);
    } else if (row.one_category(lo, hi, run)) {
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

void shift_records(const RowView& row, const PixelScale& scale, int width, long long shift,
                   std::vector<PixelRecord>& records, const ColumnBuckets* buckets) {
  if (shift == 0) return;
  if (shift >= width || shift <= -width) {
    aggregate_row(row, scale, width, records, buckets);
    return;
  }
  const int kept = width - static_cast<int>(std::abs(shift));  // columns both frames show
  if (shift > 0) {
    // Columns [shift, width) become [0, kept); the kept records move to the front, then the new
    // columns are appended (joining the last kept record where it continues).
    std::size_t w = 0;
    for (const PixelRecord& r : records) {
      const long long x1 = r.x1 - shift;
      if (x1 <= 0) continue;
      PixelRecord moved = r;
      moved.x1 = static_cast<std::int32_t>(x1);
      moved.x0 = static_cast<std::int32_t>(std::max<long long>(0, r.x0 - shift));
      // A record cut at the left names the first span of its new first column, as a new one does.
      if (moved.x0 != r.x0 - shift && moved.kind != PixelKind::Single) {
        moved.span = row.first + static_cast<std::uint32_t>(first_reaching(row, 0, scale.column_start(0)));
      }
      records[w++] = moved;
    }
    records.resize(w);
    aggregate_columns(row, scale, kept, width, width, records, buckets);
    return;
  }
  // Columns [0, kept) become [-shift, width): the new columns first, then the kept records.
  std::vector<PixelRecord> moved;
  moved.reserve(records.size() + 16);
  aggregate_columns(row, scale, 0, static_cast<int>(-shift), width, moved, buckets);
  for (const PixelRecord& r : records) {
    if (r.x0 >= kept) break;
    PixelRecord m = r;
    m.x0 = static_cast<std::int32_t>(r.x0 - shift);
    m.x1 = static_cast<std::int32_t>(std::min<long long>(width, r.x1 - shift));
    append_record(moved, m);
  }
  records.swap(moved);
}

}  // namespace xo::gui
