// The per-pixel aggregation against a brute-force reference: every pixel column classified by
// scanning every span, on random rows (many seeds; gaps, zero-length spans, runs of one category,
// spans shorter and longer than a pixel) at several zoom levels and offsets.

#include "model/pixel_aggregation.hpp"

#include <QTest>
#include <random>

#include "column_vote_reference.hpp"
#include "model/row_vote.hpp"
#include "model/span.hpp"
#include "model/span_buckets.hpp"

using namespace xo::gui;

namespace {

struct Column {
  bool empty = true;
  PixelKind kind = PixelKind::Single;
  std::uint32_t category = 0;
  std::uint32_t span = 0;  // compared for Single only
};

// The definition in pixel_aggregation.hpp, column by column, by looking at every span.
std::vector<Column> brute_force(const std::vector<Span>& spans, const PixelScale& scale, int width,
                                std::uint32_t first) {
  std::vector<Column> columns(static_cast<std::size_t>(width));
  for (int x = 0; x < width; ++x) {
    const double a = scale.column_start(x), b = scale.column_start(x + 1);
    std::vector<std::size_t> met;
    for (std::size_t i = 0; i < spans.size(); ++i) {
      if (spans[i].start < b && (spans[i].end > a || spans[i].start >= a)) met.push_back(i);
    }
    Column& c = columns[static_cast<std::size_t>(x)];
    if (met.empty()) continue;
    c.empty = false;
    c.span = first + static_cast<std::uint32_t>(met.front());
    c.category = spans[met.front()].category;
    if (met.size() == 1) continue;
    bool same = true;
    for (std::size_t i : met) same = same && spans[i].category == c.category;
    c.kind = same ? PixelKind::Folded : PixelKind::Mixed;
    if (!same) c.category = PixelRecord::kMixedCategory;
  }
  return columns;
}

std::vector<Column> expand(const std::vector<PixelRecord>& records, int width) {
  std::vector<Column> columns(static_cast<std::size_t>(width));
  for (const PixelRecord& r : records) {
    for (int x = r.x0; x < r.x1; ++x) {
      if (x < 0 || x >= width) continue;
      columns[static_cast<std::size_t>(x)] = {false, r.kind, r.category, r.span};
    }
  }
  return columns;
}

// Spans given as values, laid out as the timeline keeps them (a start per span, the rest through
// the span's model row): here each span is its own model row, whose region is its category; the
// long runs found by comparing neighbours, numbered from `first`.
class RowColumns {
 public:
  RowColumns(const std::vector<Span>& spans, std::uint32_t first) : first_(first) {
    std::uint32_t categories = 0;
    for (std::size_t i = 0; i < spans.size(); ++i) {
      starts_.push_back(spans[i].start);
      ends_.push_back(spans[i].end);
      sources_.push_back(static_cast<std::uint32_t>(i));
      regions_.push_back(spans[i].category);
      categories = std::max(categories, spans[i].category + 1);
    }
    for (std::uint32_t c = 0; c <= categories; ++c) category_of_region_.push_back(c);
    same_as_next_.assign((first + spans.size() + 63) / 64, 0);
    for (std::size_t i = 0, end = 0; i < spans.size(); i = end) {
      for (end = i + 1; end < spans.size() && spans[end].category == spans[i].category;) ++end;
      for (std::size_t k = first + i; k + 1 < first + end; ++k) same_as_next_[k / 64] |= std::uint64_t{1} << (k % 64);
      if (end - i >= SpanRun::kLong) {
        long_runs_.push_back({first + static_cast<std::uint32_t>(i), first + static_cast<std::uint32_t>(end)});
      }
    }
  }
  RowView view() const {
    RowView v;
    v.starts = starts_;
    v.sources = sources_.data();
    v.source_ends = ends_.data();
    v.source_regions = &regions_;
    v.category_of_region = category_of_region_.data();
    v.regions = static_cast<std::uint32_t>(category_of_region_.size() - 1);
    v.long_runs = long_runs_;
    v.same_as_next = same_as_next_.data();
    v.first = first_;
    return v;
  }
  std::size_t long_runs() const { return long_runs_.size(); }

 private:
  std::uint32_t first_;
  std::vector<double> starts_, ends_;
  std::vector<std::uint32_t> sources_, category_of_region_;
  xo::analyzer::ShortIdColumn regions_;
  std::vector<SpanRun> long_runs_;
  std::vector<std::uint64_t> same_as_next_;
};

// Disjoint spans sorted by start: lengths and gaps from a nanosecond to a millisecond, a tenth
// of zero length, categories in runs (a change at a span with odds `change`).
std::vector<Span> random_row(std::mt19937_64& random, std::size_t n, double change = 0.3) {
  std::vector<Span> spans;
  std::uniform_real_distribution<double> log_length(-9, -3);
  std::uniform_int_distribution<int> category(0, 3), coin(0, 9);
  double t = 0;
  std::uint32_t current = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (coin(random) < 4) t += std::pow(10.0, log_length(random));  // a gap
    if (std::uniform_real_distribution<double>(0, 1)(random) < change) {
      current = static_cast<std::uint32_t>(category(random));
    }
    const double length = coin(random) == 0 ? 0 : std::pow(10.0, log_length(random));
    spans.push_back({t, t + length, current, static_cast<std::uint32_t>(i)});
    t += length;
  }
  return spans;
}

}  // namespace

class PixelAggregationTest : public QObject {
  Q_OBJECT

 private slots:
  void matches_brute_force_on_random_rows() {
    std::vector<PixelRecord> records;
    int compared = 0;
    std::size_t long_runs = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      std::mt19937_64 random(seed);
      // Even seeds: long runs of one category, which zoomed out fill columns of dozens of spans.
      const auto spans = random_row(random, 50 + seed * 13, seed % 2 == 0 ? 0.02 : 0.3);
      const std::uint32_t first = static_cast<std::uint32_t>(seed * 1000);
      const RowColumns columns(spans, first);
      long_runs += columns.long_runs();
      const double end = spans.back().end;
      for (double zoom : {0.05, 0.2, 1.0, 3.0, 20.0, 150.0, 2000.0}) {
        for (double offset : {-0.1, 0.0, 0.37}) {
          const int width = 300;
          const PixelScale scale{offset * end / zoom + (offset > 0 ? end * 0.3 : 0), end * 1.05 / zoom / width};
          aggregate_row(columns.view(), scale, width, records);
          const auto expected = brute_force(spans, scale, width, first);
          const auto got = expand(records, width);
          for (int x = 0; x < width; ++x) {
            const Column& e = expected[static_cast<std::size_t>(x)];
            const Column& g = got[static_cast<std::size_t>(x)];
            const QByteArray where = QByteArray("seed ") + QByteArray::number(seed) + " zoom " +
                                     QByteArray::number(zoom) + " offset " + QByteArray::number(offset) + " column " +
                                     QByteArray::number(x);
            QVERIFY2(e.empty == g.empty, where.constData());
            if (e.empty) continue;
            QVERIFY2(e.kind == g.kind, where.constData());
            QVERIFY2(e.category == g.category, where.constData());
            if (e.kind == PixelKind::Single) QVERIFY2(e.span == g.span, where.constData());
            ++compared;
          }
          // Records are ordered, disjoint and merged where neighbours agree.
          for (std::size_t i = 1; i < records.size(); ++i) {
            QVERIFY(records[i - 1].x1 <= records[i].x0);
            const bool same = records[i - 1].x1 == records[i].x0 && records[i - 1].kind == records[i].kind &&
                              records[i - 1].category == records[i].category &&
                              (records[i].kind != PixelKind::Single || records[i - 1].span == records[i].span);
            QVERIFY(!same);
          }
        }
      }
    }
    QVERIFY(compared > 100000);
    QVERIFY(long_runs > 100);
  }

  // A row's summary (span_buckets.hpp) changes no record: on random rows, grids of 64 to 4,096
  // buckets, categories above the 253 a bucket names, at every zoom and offset, the records with the
  // summary are those without it, the first span of each Mixed record included.
  void summaries_give_the_records_of_the_spans() {
    std::vector<PixelRecord> exact, summarised;
    int frames = 0, decided = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      std::mt19937_64 random(seed);
      auto spans = random_row(random, 200 + seed * 50, seed % 2 == 0 ? 0.05 : 0.5);
      if (seed % 3 == 0) {
        for (Span& s : spans) s.category += s.category % 2 ? 300 : 250;  // unnamed in a bucket, some of them
      }
      const RowColumns columns(spans, static_cast<std::uint32_t>(seed * 10000));
      const double end = spans.back().end;
      for (const int buckets : {64, 512, 4096}) {
        const PixelScale grid(0, end / buckets);
        std::vector<std::uint8_t> codes(static_cast<std::size_t>(buckets));
        summarize_spans(columns.view(), grid, buckets, codes.data());
        RowView with = columns.view();
        with.buckets = codes.data();
        for (double zoom : {0.5, 1.0, 1.3, 4.0, 40.0}) {
          for (double offset : {-0.05, 0.0, 0.21}) {
            const int width = 200;
            const PixelScale scale{offset * end, end * 1.02 / zoom / width};
            ColumnBuckets in_columns;
            in_columns.build(scale, grid, buckets, width);
            aggregate_row(columns.view(), scale, width, exact);
            aggregate_row(with, scale, width, summarised, &in_columns);
            QVERIFY2(
                summarised == exact,
                qPrintable(
                    QString("seed %1, %2 buckets, zoom %3, offset %4").arg(seed).arg(buckets).arg(zoom).arg(offset)));
            ++frames;
            if (!in_columns.usable_for(scale, width)) continue;
            // The summary is read: one saying "several kinds" everywhere makes every column with a
            // wholly held bucket Mixed.
            std::vector<std::uint8_t> several(codes.size(), SpanBuckets::kSeveral);
            RowView lying = with;
            lying.buckets = several.data();
            aggregate_row(lying, scale, width, summarised, &in_columns);
            if (summarised != exact) ++decided;
          }
        }
      }
    }
    QCOMPARE(frames, 40 * 3 * 5 * 3);
    QVERIFY(decided > 100);
  }

  // A pan by whole columns moves the records both frames show and aggregates the rest: on random
  // rows, with and without summaries, at several zooms, a walk of pans (a column, a few, most of
  // the width, the width and more, both ways) gives at every step what aggregate_row gives there.
  void a_pan_keeps_the_columns_both_frames_show() {
    std::vector<PixelRecord> panned, fresh;
    int steps = 0, moved = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      std::mt19937_64 random(seed);
      const auto spans = random_row(random, 300 + seed * 40, seed % 2 == 0 ? 0.03 : 0.4);
      const RowColumns columns(spans, static_cast<std::uint32_t>(seed * 10000));
      const double end = spans.back().end;
      const int buckets = 512;
      const PixelScale grid(0, end / buckets);
      std::vector<std::uint8_t> codes(static_cast<std::size_t>(buckets));
      summarize_spans(columns.view(), grid, buckets, codes.data());
      RowView with = columns.view();
      with.buckets = seed % 3 == 0 ? codes.data() : nullptr;
      for (double zoom : {0.7, 3.0, 25.0, 400.0}) {
        const int width = 160;
        PixelScale scale{end * 0.01 * static_cast<double>(seed % 5), end / zoom / width, -20};
        ColumnBuckets in_columns;
        in_columns.build(scale, grid, buckets, width);
        aggregate_row(with, scale, width, panned, &in_columns);
        for (const long long shift : {1LL, 7LL, -3LL, 40LL, -159LL, 159LL, 160LL, -1LL, -400LL, 2LL, 0LL, 90LL}) {
          scale = scale.shifted(shift);
          in_columns.build(scale, grid, buckets, width);
          shift_records(with, scale, width, shift, panned, &in_columns);
          aggregate_row(with, scale, width, fresh, &in_columns);
          QVERIFY2(
              panned == fresh,
              qPrintable(
                  QString("seed %1, zoom %2, shift %3, offset %4").arg(seed).arg(zoom).arg(shift).arg(scale.offset)));
          ++steps;
          moved += !fresh.empty() && shift != 0 && std::abs(shift) < width;
        }
      }
    }
    QCOMPARE(steps, 30 * 4 * 12);
    QVERIFY(moved > 500);
  }

  // A span ending where a bucket starts does not meet it (as a column): the next bucket, and the
  // column holding it, show only what starts there.
  void a_span_ending_on_a_bucket_boundary_stays_out_of_the_bucket() {
    const std::vector<Span> spans = {{0, 1, 0, 0}, {1, 2, 1, 0}, {2, 4, 0, 0}, {4, 4, 1, 0}, {4, 6, 1, 0}};
    const RowColumns columns(spans, 0);
    const PixelScale grid(0, 1);
    std::vector<std::uint8_t> codes(6);
    summarize_spans(columns.view(), grid, 6, codes.data());
    const auto one = SpanBuckets::code_of(0), other = SpanBuckets::code_of(1);
    QCOMPARE(codes, (std::vector<std::uint8_t>{one, other, one, one, other, other}));
    RowView with = columns.view();
    with.buckets = codes.data();
    const PixelScale scale(0, 2);
    ColumnBuckets in_columns;
    in_columns.build(scale, grid, 6, 3);
    std::vector<PixelRecord> records;
    aggregate_row(with, scale, 3, records, &in_columns);
    QCOMPARE(records.size(), std::size_t{3});
    QCOMPARE(records[0].kind, PixelKind::Mixed);
    QCOMPARE(records[1], (PixelRecord{1, 2, 0, 2, PixelKind::Single}));
    QCOMPARE(records[2], (PixelRecord{2, 3, 1, 3, PixelKind::Folded}));
  }

  void long_span_is_one_record_and_many_spans_fold() {
    // A call over columns 0-9, then 100 calls of one kind in column 10, then two kinds in 11.
    std::vector<Span> spans = {{0, 10, 7, 0}};
    for (int i = 0; i < 100; ++i) spans.push_back({10 + i * 0.01, 10 + i * 0.01 + 0.005, 3, 0});
    spans.push_back({11.1, 11.2, 3, 0});
    spans.push_back({11.5, 11.6, 4, 0});
    std::vector<PixelRecord> records;
    aggregate_row(RowColumns(spans, 0).view(), {0, 1}, 20, records);
    QCOMPARE(records.size(), std::size_t{3});
    QCOMPARE(records[0], (PixelRecord{0, 10, 7, 0, PixelKind::Single}));
    QCOMPARE(records[1], (PixelRecord{10, 11, 3, 1, PixelKind::Folded}));
    QCOMPARE(records[2], (PixelRecord{11, 12, PixelRecord::kMixedCategory, 101, PixelKind::Mixed}));
  }

  // Folding rows by sweeping their records' boundaries gives what the column-by-column vote gives,
  // on random rows (gaps, single, folded and mixed records), one to eight of them, idle columns
  // voting or not.
  void row_vote_agrees_with_the_column_vote() {
    std::mt19937 random(11);
    std::uniform_int_distribution<int> length(1, 30), coin(0, 9), category(0, 3);
    constexpr int kWidth = 300;
    int compared = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const int count = 1 + trial % 8;
      std::vector<std::vector<PixelRecord>> rows(static_cast<std::size_t>(count));
      std::uint32_t span = 0;
      for (auto& row : rows) {
        for (int x = 0; x < kWidth;) {
          const int end = std::min(kWidth, x + length(random));
          const int pick = coin(random);
          if (pick >= 3) {  // a record; otherwise a gap
            PixelRecord r{x, end, static_cast<std::uint32_t>(category(random)), span++, PixelKind::Single};
            if (pick == 3) r.kind = PixelKind::Folded;
            if (pick == 4) r.kind = PixelKind::Mixed, r.category = PixelRecord::kMixedCategory;
            if (!row.empty() && row.back().x1 == x && pick >= 5 && coin(random) < 3) r.span = row.back().span;
            row.push_back(r);
          }
          x = end;
        }
      }
      for (bool empty_votes : {false, true}) {
        test::ColumnVote columns;
        columns.reset(kWidth, empty_votes);
        for (const auto& row : rows) columns.add(row);
        std::vector<PixelRecord> expected, got;
        columns.result(expected);
        vote_rows(std::vector<std::span<const PixelRecord>>(rows.begin(), rows.end()), empty_votes, kWidth, got);
        QCOMPARE(got, expected);
        ++compared;
      }
    }
    QCOMPARE(compared, 800);
  }

  void column_of_agrees_with_column_start() {
    const PixelScale scale{0.1, 1e-7 / 3};
    for (double t : {0.1, 0.1 + 1e-7, 0.1 + 5e-5, 0.10000001, 0.2}) {
      const long long x = scale.column_of(t);
      QVERIFY(scale.column_start(x) <= t);
      QVERIFY(scale.column_start(x + 1) > t);
    }
    // Its guess taken without the comparisons away from a column's edge must still be theirs: at
    // edges and a unit in the last place either side, on scales from a femtosecond a column to a
    // second, starting far from zero or near it.
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> log_width(-15, 0), log_start(-12, 3), unit(0, 1);
    int checked = 0;
    for (int s = 0; s < 2000; ++s) {
      const double start = (unit(random) < 0.5 ? -1 : 1) * std::pow(10.0, log_start(random));
      // Columns counted from an origin, as a pan leaves them, or from the start.
      const long long offset = s % 2 ? static_cast<long long>(unit(random) * 2e6) - 1000000 : 0;
      const PixelScale at{start, std::pow(10.0, log_width(random)), offset};
      for (int k = 0; k < 20; ++k) {
        const auto x = static_cast<long long>(unit(random) * 2e6) - 1000;
        const double edge = at.column_start(x);
        for (double t : {edge, std::nextafter(edge, -1e300), std::nextafter(edge, 1e300),
                         at.column_start(x) + unit(random) * at.seconds_per_pixel}) {
          const long long c = at.column_of(t);
          QVERIFY2(at.column_start(c) <= t && at.column_start(c + 1) > t,
                   qPrintable(QString("start %1, width %2, offset %3, t %4")
                                  .arg(start, 0, 'g', 17)
                                  .arg(at.seconds_per_pixel)
                                  .arg(offset)
                                  .arg(t, 0, 'g', 17)));
          QCOMPARE(at.shifted(-offset).column_of(t), c + offset);  // the same columns, numbered from the origin
          ++checked;
        }
      }
    }
    QCOMPARE(checked, 2000 * 20 * 4);
  }
};

QTEST_GUILESS_MAIN(PixelAggregationTest)
#include "pixel_aggregation_test.moc"
