// The timeline's data against recorded traces (rows per rank, call spans, phase lanes, messages,
// collectives), selection by pixel and its details text, find by call, rank and tag, and the
// item models under QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <random>
#include <set>
#include <tuple>

#include "model/band_painter.hpp"
#include "model/column_count.hpp"
#include "model/comm_matrix_model.hpp"
#include "model/history_rows.hpp"
#include "model/legend_entries.hpp"
#include "model/phase_kind.hpp"
#include "model/rank_selection.hpp"
#include "model/report_data.hpp"
#include "model/row_vote.hpp"
#include "model/span_buckets.hpp"
#include "model/span_details.hpp"
#include "model/table_model.hpp"
#include "model/timeline_hit_test.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_renderer.hpp"
#include "model/timeline_search.hpp"
#include "model/timeline_viewport.hpp"
#include "model/trace_analysis.hpp"
#include "recorded_trace.hpp"
#include "timeline_spans.hpp"

using namespace xo::gui;
using xo::analyzer::Index;

class TimelineModelTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  TimelineData ring_;     // 4 ranks passing a token 5 laps (tag = lap)
  TimelineData stencil_;  // 4 ranks, halo exchange and MPI_Allreduce

 private slots:
  void initTestCase() {
    const QString ring = test::record(dir_, "ring.otf2", "ring", 4, {"5"});
    const QString stencil = test::record(dir_, "stencil.otf2", "stencil2d", 4);
    QVERIFY2(!ring.isEmpty() && !stencil.isEmpty(), "xo record failed");
    ring_ = build_timeline_data(test::read(ring));
    stencil_ = build_timeline_data(test::read(stencil));
  }

  void a_call_row_per_rank_with_its_lanes_beneath() {
    for (const TimelineData* d : {&ring_, &stencil_}) {
      const auto& m = *d->model;
      QCOMPARE(m.ranks(), 4);
      std::set<std::tuple<int, Index, std::uint32_t>> lanes;  // (rank, location, lane) with phases
      for (std::size_t p = 0; p < m.phases.size(); ++p) {
        lanes.insert({m.phase_rank(p), m.phases.location[p], m.phases.lane[p]});
      }
      QVERIFY(!lanes.empty());  // the XT3 traces its protocols
      QCOMPARE(d->rows.size(), 4 + lanes.size());
      int rank = -1;
      for (std::size_t r = 0; r < d->rows.size(); ++r) {
        const TimelineRow& row = d->rows[r];
        if (row.kind == RowKind::Calls) {
          QCOMPARE(row.rank, ++rank);
          QCOMPARE(d->call_row_of_rank[static_cast<std::size_t>(rank)], r);
        } else {
          QCOMPARE(row.rank, rank);
          QVERIFY(lanes.count({rank, row.location, row.lane}) == 1);
        }
      }
      QCOMPARE(rank, 3);
    }
  }

  // The bits and long runs the aggregation reads for "one category", built on several threads,
  // are those of the spans: a bit per span, set where the next span of its row has its category.
  void category_runs_are_those_of_the_spans() {
    std::size_t set = 0;
    for (const TimelineData* d : {&ring_, &stencil_}) {
      std::vector<SpanRun> runs;
      for (std::size_t row = 0; row < d->rows.size(); ++row) {
        const auto spans = test::row_spans(*d, row);
        const std::uint32_t first = d->rows[row].first;
        for (std::size_t i = 0, end = 0; i < spans.size(); i = end) {
          for (end = i + 1; end < spans.size() && spans[end].category == spans[i].category;) ++end;
          if (end - i >= SpanRun::kLong) runs.push_back({first + std::uint32_t(i), first + std::uint32_t(end)});
        }
        for (std::size_t i = 0; i < spans.size(); ++i) {
          const std::size_t k = first + i;
          const bool bit = (d->same_as_next[k / 64] >> (k % 64)) & 1;
          QCOMPARE(bit, i + 1 < spans.size() && spans[i + 1].category == spans[i].category);
          set += bit;
        }
      }
      QCOMPARE(d->long_runs.size(), runs.size());
      for (std::size_t r = 0; r < runs.size(); ++r) {
        QCOMPARE(d->long_runs[r].first, runs[r].first);
        QCOMPARE(d->long_runs[r].end, runs[r].end);
      }
    }
    QVERIFY(set > 0);
  }

  void call_spans_are_the_outermost_mpi_calls_in_order() {
    const auto& m = *ring_.model;
    for (int rank = 0; rank < 4; ++rank) {
      const std::size_t row = ring_.call_row_of_rank[static_cast<std::size_t>(rank)];
      const auto spans = test::row_spans(ring_, row);
      std::vector<Index> expected;
      for (Index c = m.calls.first_of_rank[rank]; c < m.calls.first_of_rank[rank + 1]; ++c) {
        if (m.is_mpi_call(c) && m.calls.depth_of(c) == 0) expected.push_back(c);
      }
      QCOMPARE(spans.size(), expected.size());
      // Init, Comm_rank, Comm_size, 5 laps of Send and Recv, Wtime?, Finalize: at least 12.
      QVERIFY(spans.size() >= 12);
      for (std::size_t i = 0; i < spans.size(); ++i) {
        QCOMPARE(spans[i].source, expected[i]);
        QCOMPARE(spans[i].start, m.calls.enter[expected[i]]);
        QCOMPARE(ring_.categories.name(spans[i].category).toStdString(), m.regions.name[m.calls.region[expected[i]]]);
        if (i > 0) QVERIFY(spans[i - 1].end <= spans[i].start);
        QCOMPARE(ring_.span_of_call(expected[i]), ring_.rows[row].first + static_cast<std::uint32_t>(i));
      }
      for (Index c = m.calls.first_of_rank[rank]; c < m.calls.first_of_rank[rank + 1]; ++c) {
        if (std::find(expected.begin(), expected.end(), c) == expected.end()) {
          QCOMPARE(ring_.span_of_call(c), TimelineData::kNoSpan);  // main, or nested
        }
      }
    }
    QCOMPARE(ring_.span_of_call(static_cast<Index>(m.calls.size())), TimelineData::kNoSpan);
  }

  void phase_rows_hold_every_phase_by_kind() {
    const auto& m = *stencil_.model;
    std::size_t phases = 0;
    for (std::size_t r = 0; r < stencil_.rows.size(); ++r) {
      if (stencil_.rows[r].kind != RowKind::Phases) continue;
      const auto spans = test::row_spans(stencil_, r);
      phases += spans.size();
      for (std::size_t i = 0; i < spans.size(); ++i) {
        const Index p = spans[i].source;
        QCOMPARE(m.phases.location[p], stencil_.rows[r].location);
        QCOMPARE(m.phases.lane[p], stencil_.rows[r].lane);
        QCOMPARE(stencil_.categories.name(spans[i].category).toStdString(), m.regions.name[m.phases.region[p]]);
        QVERIFY(stencil_.categories.roles(spans[i].category) & kPhaseRole);
        if (i > 0) QVERIFY(spans[i - 1].end <= spans[i].start);
      }
    }
    QCOMPARE(phases, m.phases.size());
    QCOMPARE(stencil_.dropped_overlapping_phases, std::uint64_t{0});
  }

  // Rows of an xo trace are ranges of the model's rows, nothing copied; every span finds its row,
  // and the rows tile the spans.
  void rows_are_ranges_of_the_model() {
    for (const TimelineData* d : {&ring_, &stencil_}) {
      QVERIFY(d->copied_start.empty());
      std::uint32_t next = 0;
      for (std::size_t r = 0; r < d->rows.size(); ++r) {
        const TimelineRow& row = d->rows[r];
        QCOMPARE(row.first, next);
        next += row.count;
        QVERIFY(row.count == 0 || row.source_first != xo::analyzer::kNoIndex);
        for (std::uint32_t s = row.first; s < row.first + row.count; ++s) QCOMPARE(d->row_of_span(s), r);
      }
      QCOMPARE(std::size_t{next}, d->span_count());
    }
  }

  // Phases as a foreign writer may leave them, lanes interleaved and out of time order, one lane of
  // no rank of the trace: each rank's lanes in lane order, each lane's phases by start, the
  // categories counted per use.
  void phase_rows_from_phases_out_of_order() {
    auto m = std::make_shared<xo::analyzer::TraceModel>();
    auto add_location = [&](xo::analyzer::LocationKind kind, xo::analyzer::RankId rank) {
      m->locations.id.push_back(m->locations.size());
      m->locations.name.push_back("l");
      m->locations.kind.push_back(kind);
      m->locations.world_rank.push_back(rank);
      m->locations.events.push_back(0);
      m->locations.traced.push_back(1);
    };
    using xo::analyzer::LocationKind;
    add_location(LocationKind::Rank, 0);         // 0
    add_location(LocationKind::Rank, 1);         // 1
    add_location(LocationKind::NetworkLane, 1);  // 2
    add_location(LocationKind::NetworkLane, 0);  // 3
    add_location(LocationKind::NetworkLane, 0);  // 4
    add_location(LocationKind::NetworkLane, 7);  // 5: of a rank the trace does not have
    m->locations.location_of_rank = {0, 1};
    m->calls.first_of_rank = {0, 0, 0};
    m->regions.id = {0, 1};
    m->regions.name = {"header", "data"};
    m->regions.paradigm.resize(2);
    m->regions.role.resize(2);
    struct P {
      Index location;
      std::uint32_t lane;  // 0 on lane locations; rank 1's location has two lanes as tasks
      double start;
      Index region;
    };
    const std::vector<P> phases = {{4, 0, 5, 0}, {2, 0, 3, 1}, {3, 0, 2, 1}, {4, 0, 1, 1}, {5, 0, 0, 0},
                                   {3, 0, 0, 0}, {2, 0, 1, 0}, {4, 0, 3, 0}, {3, 0, 9, 1}, {1, 2, 4, 0},
                                   {1, 1, 6, 1}, {1, 2, 0, 1}, {1, 1, 2, 0}};
    for (const P& p : phases) {
      m->phases.region.push_back(p.region);
      m->phases.location.push_back(p.location);
      m->phases.lane.push_back(p.lane);
      m->phases.start.push_back(p.start);
      m->phases.end.push_back(p.start + 0.5);
      m->phases.protocol.push_back(xo::analyzer::kNoString);
      m->phases.bytes.push_back(0);
      m->phases.peer.push_back(xo::analyzer::kNoRank);
    }
    const TimelineData d = build_timeline_data(m);
    // Rows: rank 0's calls, its lanes 3 and 4; rank 1's calls, the lanes 1 and 2 of its own
    // location, its lane 2. Lane 5's rank 7 is none.
    QCOMPARE(d.rows.size(), std::size_t{7});
    struct Expected {
      Index location;
      std::uint32_t lane;
      std::vector<double> starts;
    };
    const std::vector<Expected> expected = {
        {3, 0, {0, 2, 9}}, {4, 0, {1, 3, 5}}, {1, 1, {2, 6}}, {1, 2, {0, 4}}, {2, 0, {1, 3}}};
    const std::size_t phase_rows[] = {1, 2, 4, 5, 6};
    for (std::size_t k = 0; k < expected.size(); ++k) {
      const TimelineRow& row = d.rows[phase_rows[k]];
      QCOMPARE(row.kind, RowKind::Phases);
      QCOMPARE(row.location, expected[k].location);
      QCOMPARE(row.lane, expected[k].lane);
      std::vector<double> starts;
      for (const Span& s : test::row_spans(d, phase_rows[k])) starts.push_back(s.start);
      QCOMPARE(starts, expected[k].starts);
    }
    QCOMPARE(d.rows[3].rank, 1);
    QCOMPARE(d.rows[3].kind, RowKind::Calls);
    QCOMPARE(d.copied_start.size(), std::size_t{12});  // no lane's phases are consecutive model rows
    for (std::size_t k : phase_rows) QCOMPARE(d.rows[k].source_first, xo::analyzer::kNoIndex);
    QCOMPARE(d.categories.uses(d.categories.find("header")), std::uint64_t{6});  // the no-rank one is not drawn
    QCOMPARE(d.categories.uses(d.categories.find("data")), std::uint64_t{6});
  }

  // Kinds the reference MPI writes take their family's colour, so a header is blue and data orange
  // whatever the order they first appear in.
  void phase_kinds_are_coloured_by_family() {
    const std::uint32_t eager = stencil_.categories.find("eager");
    QVERIFY(eager != CategoryTable::kNone);
    QCOMPARE(stencil_.categories.colour(eager), *phase_kind_colour("eager"));
    QCOMPARE(phase_family("header"), PhaseFamily::Control);
    QCOMPARE(phase_family("data"), PhaseFamily::Payload);
    QCOMPARE(phase_family("unexpected-copy"), PhaseFamily::Copy);
    QCOMPARE(phase_family("some other writer's phase"), PhaseFamily::Other);
    QVERIFY(!phase_kind_colour("some other writer's phase"));
  }

  // Each sender's messages in send order, every message once: the table's own order for the ring
  // (one partner each), reordered for the stencil (four partners, sent to in rank order per step).
  static void expect_by_sender_in_send_order(const TimelineData& d) {
    const auto& msg = d.model->messages;
    std::vector<int> seen(msg.size(), 0);
    for (int s = 0; s < d.model->ranks(); ++s) {
      const auto first = d.first_message_of_sender[static_cast<std::size_t>(s)];
      const auto last = d.first_message_of_sender[static_cast<std::size_t>(s) + 1];
      for (auto i = first; i < last; ++i) {
        ++seen[d.message_by_sender(i)];
        QCOMPARE(msg.sender[d.message_by_sender(i)], s);
        if (i > first) QVERIFY(msg.send_time[d.message_by_sender(i - 1)] <= msg.send_time[d.message_by_sender(i)]);
      }
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
  }

  void messages_by_sender_in_send_order() {
    QCOMPARE(ring_.model->messages.size(), std::size_t{20});  // 4 ranks x 5 laps
    for (int s = 0; s < 4; ++s) {
      QCOMPARE(ring_.first_message_of_sender[s + 1] - ring_.first_message_of_sender[s], 5u);
    }
    QVERIFY2(ring_.messages_by_sender.empty(), "the ring's messages are in the table's order already");
    expect_by_sender_in_send_order(ring_);
    QVERIFY2(!stencil_.messages_by_sender.empty(), "the stencil's are not");
    expect_by_sender_in_send_order(stencil_);
  }

  void collectives_span_their_members() {
    const auto& c = stencil_.model->collectives;
    QVERIFY(!stencil_.collectives.empty());
    for (std::size_t i = 0; i < stencil_.collectives.size(); ++i) {
      const CollectiveMark& mark = stencil_.collectives[i];
      if (i > 0) QVERIFY(stencil_.collectives[i - 1].end <= mark.end);
      double last_end = 0;
      for (Index k = c.first_member[mark.instance]; k < c.first_member[mark.instance] + c.member_count[mark.instance];
           ++k) {
        last_end = std::max(last_end, c.end[k]);
      }
      QCOMPARE(mark.end, last_end);
      QCOMPARE(mark.low_rank, 0);
      QCOMPARE(mark.high_rank, 3);
    }
  }

  void click_at_a_pixel_selects_that_call() {
    const std::size_t row = ring_.call_row_of_rank[2];
    const auto spans = test::row_spans(ring_, row);
    const PixelScale scale{ring_.start_time, (ring_.end_time - ring_.start_time) / 1000};
    for (std::size_t i = 0; i < spans.size(); ++i) {
      if (spans[i].end - spans[i].start < 3 * scale.seconds_per_pixel) continue;  // too short to hit alone
      const double x = ((spans[i].start + spans[i].end) / 2 - scale.origin) / scale.seconds_per_pixel;
      QCOMPARE(span_at(ring_, row, scale, x), ring_.rows[row].first + static_cast<std::uint32_t>(i));
    }
    // Beyond the slop of any span: nothing; just after a short span: that span.
    QCOMPARE(span_at(ring_, row, scale, 2000), TimelineData::kNoSpan);
    const double after_last = (spans.back().end - scale.origin) / scale.seconds_per_pixel + 1;
    QCOMPARE(span_at(ring_, row, scale, after_last),
             ring_.rows[row].first + static_cast<std::uint32_t>(spans.size() - 1));
  }

  void details_name_the_call_its_messages_and_collective() {
    const auto& m = *stencil_.model;
    const Index call = m.collectives.call[0];
    const QStringList coll = span_details(stencil_, stencil_.span_of_call(call));
    QVERIFY2(coll[0].startsWith("MPI_Allreduce on rank"), qPrintable(coll.join('\n')));
    QVERIFY2(coll.join('\n').contains("collective instance 0 on 4 members, algorithm"), qPrintable(coll.join('\n')));
    const auto& msg = ring_.model->messages;
    const QStringList send = span_details(ring_, ring_.span_of_call(msg.send_call[0]));
    QVERIFY2(send[0].startsWith("MPI_Send on rank " + QString::number(msg.sender[0])), qPrintable(send.join('\n')));
    QVERIFY2(send.join('\n').contains(
                 QString("sent to rank %1: 8 bytes, tag %2, vshort").arg(msg.receiver[0]).arg(msg.tag[0])),
             qPrintable(send.join('\n')));
    const std::size_t lane_row = ring_.call_row_of_rank[0] + 1;
    QCOMPARE(ring_.rows[lane_row].kind, RowKind::Phases);
    const QStringList phase = span_details(ring_, ring_.rows[lane_row].first);
    QVERIFY2(phase[0].contains("phase (vshort) of rank 0"), qPrintable(phase.join('\n')));
    QVERIFY2(phase.join('\n').contains("bytes: 8"), qPrintable(phase.join('\n')));
  }

  void find_by_call_rank_and_tag() {
    FindResult sends = find_spans(ring_, FindField::Call, "mpi_send");
    QVERIFY(sends.error.isEmpty());
    QCOMPARE(sends.spans.size(), std::size_t{20});
    for (auto s : sends.spans) QCOMPARE(ring_.categories.name(ring_.span(s).category), QString("MPI_Send"));
    QVERIFY(std::is_sorted(sends.spans.begin(), sends.spans.end()));

    FindResult rank = find_spans(ring_, FindField::Rank, "3");
    QCOMPARE(rank.spans.size(), std::size_t{ring_.rows[ring_.call_row_of_rank[3]].count});
    QCOMPARE(rank.spans.front(), ring_.rows[ring_.call_row_of_rank[3]].first);
    QCOMPARE(find_spans(ring_, FindField::Rank, "4").error, QString("no rank '4': the trace has ranks 0 to 3"));

    FindResult tag = find_spans(ring_, FindField::Tag, "2");  // lap 2: a send and a receive on every rank
    QCOMPARE(tag.spans.size(), std::size_t{8});
    for (auto s : tag.spans) {
      const QString call = ring_.categories.name(ring_.span(s).category);
      QVERIFY(call == "MPI_Send" || call == "MPI_Recv");
    }
    QCOMPARE(find_spans(ring_, FindField::Tag, "99").error, QString("nothing found for '99'"));
    QVERIFY(!find_spans(ring_, FindField::Tag, "x").error.isEmpty());
  }

  // Bands lie top to bottom without overlap, every shown rank has its calls band, and band_at
  // finds each band at its first and last pixel row.
  static void check_bands(const TimelineLayout& layout) {
    const auto& bands = layout.bands();
    for (std::size_t b = 0; b < bands.size(); ++b) {
      QVERIFY(bands[b].height >= 1);
      if (b > 0) QVERIFY(bands[b - 1].bottom() <= bands[b].top);
      QCOMPARE(layout.band_at(bands[b].top), static_cast<long>(b));
      QCOMPARE(layout.band_at(bands[b].bottom() - 1), static_cast<long>(b));
    }
    for (RankId rank : layout.shown()) QVERIFY(layout.calls_band(rank) >= 0);
    QCOMPARE(layout.band_at(-1), -1L);
    QCOMPARE(layout.band_at(layout.content_height()), -1L);
  }

  void layout_fits_every_rank_with_its_lanes_folded() {
    RankSelection ranks;
    ranks.reset(4);
    TimelineLayout layout;
    layout.build(stencil_, ranks, 300);
    check_bands(layout);
    QVERIFY(layout.content_height() <= 300);
    QCOMPARE(layout.bands().size(), std::size_t{8});  // calls and protocols per rank
    for (std::size_t b = 0; b < 8; ++b) {
      QCOMPARE(layout.bands()[b].kind, b % 2 ? BandKind::Protocols : BandKind::Calls);
    }
    // A few ranks stop stretching at kTallestRank.
    layout.build(stencil_, ranks, 5000);
    QCOMPARE(layout.content_height(), 4 * TimelineLayout::kTallestRank);

    // An expanded rank keeps its full height, a row per lane; the rest share what is left.
    ranks.toggle_expanded(1);
    layout.build(stencil_, ranks, 300);
    check_bands(layout);
    const auto [first_lane, end_lane] = lane_rows(stencil_, 1);
    std::size_t lanes = 0;
    for (const Band& b : layout.bands()) {
      if (b.kind != BandKind::Lane) continue;
      QCOMPARE(b.height, TimelineLayout::kPhaseRowHeight);
      QCOMPARE(stencil_.rows[b.row].rank, RankId{1});
      QCOMPARE(layout.band_of_row(stencil_, b.row), static_cast<long>(&b - layout.bands().data()));
      ++lanes;
    }
    QCOMPARE(lanes, end_lane - first_lane);
    // A folded rank's lane rows are drawn in its protocols band.
    const long protocols = layout.band_of_row(stencil_, lane_rows(stencil_, 0).first);
    QCOMPARE(layout.bands()[static_cast<std::size_t>(protocols)].kind, BandKind::Protocols);
  }

  // More ranks than pixel rows: ranks share bands of one pixel, in order, every rank in one.
  void layout_folds_ranks_into_pixel_rows() {
    TimelineData many;
    many.call_row_of_rank.resize(1000);
    for (RankId r = 0; r < 1000; ++r) {
      many.call_row_of_rank[static_cast<std::size_t>(r)] = static_cast<std::uint32_t>(many.rows.size());
      many.rows.push_back({r, RowKind::Calls, xo::analyzer::kNoIndex, 0, 0});
    }
    RankSelection ranks;
    ranks.reset(1000);
    TimelineLayout layout;
    layout.build(many, ranks, 300);
    check_bands(layout);
    QCOMPARE(layout.bands().size(), std::size_t{300});
    std::uint32_t next = 0;
    for (const Band& b : layout.bands()) {
      QCOMPARE(b.first, next);
      QVERIFY(b.count == 3 || b.count == 4);
      next += b.count;
    }
    QCOMPARE(next, 1000u);
    QCOMPARE(layout.calls_band(999), 299L);
    // Zoomed to 100 ranks, each gets three pixels; filtered to 10, each 30.
    ranks.zoom(500, 600);
    layout.build(many, ranks, 300);
    check_bands(layout);
    QCOMPARE(layout.bands().size(), std::size_t{100});
    QCOMPARE(layout.calls_band(499), -1L);
    ranks.set_filter({1, 2, 3, 10, 20, 30, 100, 200, 300, 999});
    layout.build(many, ranks, 300);
    QCOMPARE(layout.bands().size(), std::size_t{10});
    QCOMPARE(layout.bands()[9].height, 30 - TimelineLayout::kRankGap);
  }

  // Bands drawn on several threads make the frame one thread makes: the same pixels, the same
  // boxes to name and the same call rows fed to the overview, in band order.
  void bands_drawn_in_parallel_as_on_one_thread() {
    const QString path = test::record(dir_, "ring64.otf2", "ring", 64, {"3"});
    QVERIFY2(!path.isEmpty(), "xo record failed");
    const TimelineData d = build_timeline_data(test::read(path));
    RankSelection ranks;
    ranks.reset(64);
    struct Drawn {
      QImage image;
      std::vector<std::pair<std::size_t, std::vector<PixelRecord>>> fed;
      std::vector<BoxToName> named;
      std::size_t records = 0;
    };
    for (const int height : {40, 300, 5000}) {  // ranks folded into pixel rows; a rank a band; lanes too
      TimelineLayout layout;
      layout.build(d, ranks, height);
      for (const double zoom : {1.0, 9.0}) {
        const double span = (d.end_time - d.start_time) / zoom;
        const PixelScale scale{d.start_time + span * (zoom - 1) / 2, span / 700};
        const BandFrame frame{&d, &layout, 0, layout.bands().size(), 700, 0, 10, 6};
        auto draw = [&](int threads) {
          Drawn out;
          out.image = QImage(700, layout.content_height(), QImage::Format_RGB32);
          out.image.fill(Qt::white);
          ParallelJobs jobs(threads);
          RowRecordCache rows;
          rows.begin_frame(&d, d.rows.size(), scale, frame.width, jobs.workers());
          BandFrame with_rows = frame;
          with_rows.rows = &rows;
          BandPainter painter;
          painter.draw(with_rows, jobs, &out.image);
          painter.for_each_call_row([&](std::size_t position, std::span<const PixelRecord> row) {
            out.fed.emplace_back(position, std::vector<PixelRecord>(row.begin(), row.end()));
          });
          out.named = painter.boxes_to_name();
          out.records = painter.records();
          return out;
        };
        const Drawn one = draw(1), several = draw(3);
        QVERIFY(one.records > 0);
        QCOMPARE(several.records, one.records);
        QVERIFY(several.image == one.image);
        QVERIFY(one.image.pixel(350, layout.bands().front().top) != QColor(Qt::white).rgb());
        QCOMPARE(several.fed.size(), one.fed.size());
        QCOMPARE(one.fed.size(), std::size_t{64});  // every rank's call row, once
        QVERIFY(several.fed == one.fed);
        QCOMPARE(several.named.size(), one.named.size());
        for (std::size_t i = 0; i < one.named.size(); ++i) {
          QCOMPARE(several.named[i].band, one.named[i].band);
          QCOMPARE(several.named[i].record, one.named[i].record);
        }
      }
    }
  }

  // Rows of 8,192 spans or more keep a summary (span_buckets.hpp); drawing with it changes no
  // pixel, no box to name and no row fed to the overview, at the whole trace and closer.
  void summaries_change_no_pixel() {
    const QString path = test::record(dir_, "pingpong_long.otf2", "pingpong", 2, {"500"});
    QVERIFY2(!path.isEmpty(), "xo record failed");
    const TimelineData d = build_timeline_data(test::read(path));
    QVERIFY(std::any_of(d.rows.begin(), d.rows.end(),
                        [](const TimelineRow& r) { return r.summary != TimelineRow::kNoSummary; }));
    RankSelection ranks;
    ranks.reset(2);
    TimelineLayout layout;
    layout.build(d, ranks, 300);
    int summarised = 0;
    for (const double zoom : {1.0, 1.6, 3.0, 50.0}) {
      const double span = (d.end_time - d.start_time) / zoom;
      const PixelScale scale{d.start_time + span * (zoom - 1) / 2, span / 700};
      ColumnBuckets buckets;
      buckets.build(scale, d.bucket_grid, SpanBuckets::kCount, 700);
      summarised += buckets.usable_for(scale, 700);
      auto draw = [&](const ColumnBuckets* with) {
        ParallelJobs jobs(1);
        RowRecordCache rows;
        rows.begin_frame(&d, d.rows.size(), scale, 700, jobs.workers());
        const BandFrame frame{&d, &layout, 0, layout.bands().size(), 700, 0, 10, 6, with, &rows};
        QImage image(700, layout.content_height(), QImage::Format_RGB32);
        image.fill(Qt::white);
        BandPainter painter;
        painter.draw(frame, jobs, &image);
        std::vector<std::vector<PixelRecord>> fed;
        painter.for_each_call_row(
            [&](std::size_t, std::span<const PixelRecord> row) { fed.emplace_back(row.begin(), row.end()); });
        return std::tuple{image, fed, painter.boxes_to_name().size()};
      };
      const auto [image, fed, named] = draw(&buckets);
      const auto [plain_image, plain_fed, plain_named] = draw(nullptr);
      QVERIFY(image == plain_image);
      QVERIFY(fed == plain_fed);
      QCOMPARE(named, plain_named);
    }
    QCOMPARE(summarised, 3);  // not at a fiftieth: a column there is narrower than two buckets
  }

  void rank_filter_reads_lists_ranges_and_communicators() {
    const auto& m = *stencil_.model;
    RankFilterResult r = parse_rank_filter("3, 0-1,1", m);
    QCOMPARE(r.error, QString());
    QCOMPARE(r.ranks, (std::vector<RankId>{0, 1, 3}));
    QCOMPARE(r.description, QString("ranks 0-1, 3"));
    QCOMPARE(parse_rank_filter("", m).ranks.size(), std::size_t{4});
    QCOMPARE(parse_rank_filter("all", m).description, QString("all 4 ranks"));
    QCOMPARE(parse_rank_filter("mpi_comm_world", m).ranks.size(), std::size_t{4});
    QCOMPARE(parse_rank_filter("3-1", m).error, QString("'3-1' runs backwards: write the lower rank first"));
    QCOMPARE(parse_rank_filter("7", m).error, QString("no rank 7: the trace has ranks 0 to 3"));
    const QString unknown = parse_rank_filter("rows", m).error;
    QVERIFY2(unknown.contains("neither ranks") && unknown.contains("MPI_COMM_WORLD"), qPrintable(unknown));
  }

  // Folding rows: the majority per column; with empty columns voting or not; a column one span
  // alone holds stays that span.
  void row_vote_takes_the_majority() {
    auto rec = [](int x0, int x1, std::uint32_t category, std::uint32_t span, PixelKind kind = PixelKind::Single) {
      return PixelRecord{x0, x1, category, span, kind};
    };
    using Rows = std::vector<std::vector<PixelRecord>>;
    std::vector<PixelRecord> out;
    const auto vote = [&out](const Rows& rows, bool empty_votes, int width) {
      const std::vector<std::span<const PixelRecord>> views(rows.begin(), rows.end());
      vote_rows(views, empty_votes, width, out);
    };
    vote(Rows{{rec(0, 4, 1, 100)}, {}, {rec(2, 6, 2, 200)}}, false, 10);
    // Columns 0-1: span 100 alone; 2-3: a tie, the first candidate stays, folded; 4-5: span 200.
    QCOMPARE(out.size(), std::size_t{3});
    QCOMPARE(out[0], rec(0, 2, 1, 100));
    QCOMPARE(out[1].kind, PixelKind::Folded);
    QCOMPARE(out[1].x1, 4);
    QCOMPARE(out[2], rec(4, 6, 2, 200));
    // Ranks: the empty columns of two rows outvote one busy row.
    vote(Rows{{rec(0, 10, 1, 1)}, {rec(0, 3, 1, 2)}, {rec(0, 3, 1, 3)}}, true, 10);
    QCOMPARE(out.size(), std::size_t{1});
    QCOMPARE(out[0].x1, 3);
    QCOMPARE(out[0].kind, PixelKind::Folded);
    vote(Rows{{rec(0, 4, PixelRecord::kMixedCategory, 5, PixelKind::Mixed)}}, true, 4);
    QCOMPARE(out.size(), std::size_t{1});
    QCOMPARE(out[0].kind, PixelKind::Mixed);
  }

  // The overview's count: per column the rows with something there and the category most have
  // (Mixed a category of its own; the lowest among equals), against a count column by column.
  void column_count_counts_rows_and_the_commonest_category() {
    std::mt19937 random(11);
    constexpr int kWidth = 100;
    constexpr std::uint32_t kCategories = 4;
    for (int round = 0; round < 50; ++round) {
      std::vector<std::vector<PixelRecord>> rows(1 + random() % 12);
      for (auto& row : rows) {
        for (int x = static_cast<int>(random() % 5); x < kWidth; x += 1 + static_cast<int>(random() % 6)) {
          const int x1 = std::min(kWidth, x + 1 + static_cast<int>(random() % 30));
          const auto kind = static_cast<PixelKind>(random() % 3);
          row.push_back({x, x1,
                         kind == PixelKind::Mixed ? PixelRecord::kMixedCategory
                                                  : static_cast<std::uint32_t>(random() % kCategories),
                         0, kind});
          x = x1;
        }
      }
      ColumnCount count;
      count.reset(kWidth, kCategories);
      for (const auto& row : rows) count.add(row);
      count.finish();
      for (int x = 0; x < kWidth; ++x) {
        std::vector<std::pair<std::uint32_t, int>> met;  // category, rows, in the order met
        std::uint32_t busy = 0;
        for (const auto& row : rows) {
          for (const PixelRecord& r : row) {
            if (r.x0 > x || r.x1 <= x) continue;
            ++busy;
            auto it = std::find_if(met.begin(), met.end(), [&](const auto& m) { return m.first == r.category; });
            if (it == met.end()) {
              met.push_back({r.category, 1});
            } else {
              ++it->second;
            }
          }
        }
        std::uint32_t commonest = ColumnCount::kNothing;
        int most = 0;
        for (const auto& [category, n] : met) {
          if (n > most || (n == most && category < commonest)) most = n, commonest = category;
        }
        QCOMPARE(count.busy(x), busy);
        QCOMPARE(count.category(x), commonest);
      }
    }
  }

  void legend_groups_by_role_and_family() {
    const auto groups = legend_groups(stencil_);
    QVERIFY(groups.size() >= 3);
    QCOMPARE(groups.front().title, QString("MPI calls"));
    QStringList titles;
    for (const auto& g : groups) {
      titles << g.title;
      for (std::size_t i = 1; i < g.entries.size(); ++i) QVERIFY(g.entries[i - 1].uses >= g.entries[i].uses);
    }
    QVERIFY2(titles.contains("phases: payload") && titles.contains("messages by protocol") &&
                 titles.contains("collectives by algorithm"),
             qPrintable(titles.join(", ")));
  }

  // One-sided epochs of stencil_rma in each mode: each rank's epochs of the mode's kind run from the
  // begin of a call that opens one to the end of a call that closes it, one per closing call; the
  // legend lists them (widgets_test sees them drawn).
  void one_sided_epochs_span_their_synchronisation() {
    struct Mode {
      const char* name;
      EpochKind kind;
      const char* opens;
      const char* closes;
    };
    for (const Mode& mode : {Mode{"fence", EpochKind::Fence, "MPI_Win_fence", "MPI_Win_fence"},
                             Mode{"pscw", EpochKind::Access, "MPI_Win_start", "MPI_Win_complete"},
                             Mode{"pscw", EpochKind::Exposure, "MPI_Win_post", "MPI_Win_wait"},
                             Mode{"lock", EpochKind::Lock, "MPI_Win_lock", "MPI_Win_unlock"}}) {
      const QString trace =
          test::record(dir_, QString("rma_%1.otf2").arg(mode.name), "stencil_rma", 4, {mode.name, "16", "3"});
      QVERIFY2(!trace.isEmpty(), "xo record failed");
      const TimelineData d = build_timeline_data(test::read(trace));
      const auto& m = *d.model;
      QVERIFY2(!d.epochs.empty(), mode.name);
      for (int rank = 0; rank < 4; ++rank) {
        std::multiset<double> opening, closing;
        for (Index c = m.calls.first_of_rank[rank]; c < m.calls.first_of_rank[rank + 1]; ++c) {
          const std::string& name = m.regions.name[m.calls.region[c]];
          if (name == mode.opens) opening.insert(m.calls.enter[c]);
          if (name == mode.closes) closing.insert(m.calls.leave[c]);
        }
        std::size_t epochs = 0;
        for (auto [it, end] = d.epochs.of_rank(rank, d.start_time); it != end; ++it) {
          if (it->kind != mode.kind) continue;
          ++epochs;
          QVERIFY2(opening.contains(it->begin) && closing.contains(it->end), mode.opens);
          QVERIFY(it->begin < it->end);
        }
        // stencil_rma's fences come in pairs around its puts: the second of each pair ends an epoch.
        QCOMPARE(epochs, mode.kind == EpochKind::Fence ? closing.size() / 2 : closing.size());
        QVERIFY(epochs > 0);
      }
      const auto groups = legend_groups(d);
      QVERIFY(std::any_of(groups.begin(), groups.end(), [&](const LegendGroup& g) {
        return g.title.startsWith("one-sided epochs") &&
               std::any_of(g.entries.begin(), g.entries.end(),
                           [&](const LegendEntry& e) { return e.colour == epoch_colour(mode.kind); });
      }));
    }
  }

  // A click on a rank's protocols row selects the phase of whichever lane is busy there.
  void hit_test_in_a_folded_protocols_row() {
    const auto& m = *stencil_.model;
    const auto [first, end] = lane_rows(stencil_, 0);
    QVERIFY(end > first);
    const Span s = test::row_spans(stencil_, first)[0];
    const PixelScale scale{s.start - 1e-6, 1e-8};
    const Band protocols{0, 5, BandKind::Protocols, 0, 1, stencil_.call_row_of_rank[0]};
    const std::uint32_t hit = span_in_band(stencil_, protocols, scale, ((s.start + s.end) / 2 - scale.origin) / 1e-8);
    QVERIFY(hit != TimelineData::kNoSpan);
    QCOMPARE(m.phase_rank(stencil_.span(hit).source), RankId{0});
    const Band group{0, 1, BandKind::Calls, 0, 2, stencil_.call_row_of_rank[0]};
    QCOMPARE(span_in_band(stencil_, group, scale, 100), TimelineData::kNoSpan);
  }

  void analysis_tables_under_the_model_tester() {
    const TraceAnalysis a = analyse_trace(*stencil_.model);
    TableModel table;
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
    table.set_table(a.by_call.header, a.by_call.rows);
    QCOMPARE(table.columnCount(), 5);
    QVERIFY(table.rowCount() >= 5);
    QStringList calls;
    for (int r = 0; r < table.rowCount(); ++r) calls << table.data(table.index(r, 0)).toString();
    QVERIFY2(calls.contains("MPI_Allreduce") && calls.contains("MPI_Waitall"), qPrintable(calls.join(',')));
    QCOMPARE(table.data(table.index(0, 1), Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
    table.set_table(a.by_call.header, a.by_call.rows, a.by_call.units);  // numbers with units, not raw doubles
    for (int r = 0; r < table.rowCount(); ++r) {
      const QString time = table.data(table.index(r, 2)).toString();
      QVERIFY2(QRegularExpression("^[0-9.]+ (ns|µs|ms|s)$").match(time).hasMatch(), qPrintable(time));
      QVERIFY2(table.data(table.index(r, 3)).toString().endsWith(" %"),
               qPrintable(table.data(table.index(r, 3)).toString()));
    }
    table.set_table(a.by_call_site.header, a.by_call_site.rows);
    QCOMPARE(table.columnCount(), 6);
    QStringList sites;
    for (int r = 0; r < table.rowCount(); ++r) sites << table.data(table.index(r, 1)).toString();
    QVERIFY2(sites.contains("main (stencil2d.c:69)"), qPrintable(sites.join(',')));  // the examples are built with -g
    table.set_table(a.waits.header, a.waits.rows);

    CommMatrixModel matrix;
    QAbstractItemModelTester matrix_tester(&matrix, QAbstractItemModelTester::FailureReportingMode::QtTest);
    matrix.set_matrix(a.messages.matrix);
    QCOMPARE(matrix.rowCount(), 4);
    std::uint64_t bytes = 0, expected = 0;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) bytes += matrix.data(matrix.index(r, c), Qt::UserRole).toULongLong();
    }
    const auto& sent = stencil_.model->messages.bytes;
    for (std::size_t m = 0; m < sent.size(); ++m) expected += sent[m];
    QCOMPARE(bytes, expected);
    for (int r = 0; r < 4; ++r) {  // bytes with their unit; the tooltip has the exact count
      for (int c = 0; c < 4; ++c) {
        const QString shown = matrix.data(matrix.index(r, c)).toString();
        if (shown.isEmpty()) continue;
        QVERIFY2(QRegularExpression("^[0-9.]+ (B|KiB|MiB|GiB)$").match(shown).hasMatch(), qPrintable(shown));
        QVERIFY(matrix.data(matrix.index(r, c), Qt::ToolTipRole).toString().contains(" bytes)"));
      }
    }
    std::uint64_t histogram = 0;
    for (const SizeBin& bin : a.messages.sizes) histogram += bin.messages;
    QCOMPARE(histogram, std::uint64_t{stencil_.model->messages.size()});

    // The matrix by messages and by time: the counts sum to the trace's messages, times read in
    // seconds' units, and the darkest cell is the busiest by the measure shown.
    matrix.set_measure(MatrixMeasure::Messages);
    std::uint64_t messages = 0;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) messages += matrix.data(matrix.index(r, c), Qt::UserRole).toULongLong();
    }
    QCOMPARE(messages, std::uint64_t{stencil_.model->messages.size()});
    matrix.set_measure(MatrixMeasure::Seconds);
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) {
        const QString shown = matrix.data(matrix.index(r, c)).toString();
        if (!shown.isEmpty())
          QVERIFY2(QRegularExpression("^[0-9.]+ (ns|µs|ms|s)$").match(shown).hasMatch(), qPrintable(shown));
      }
    }
    QVERIFY(matrix.most() > 0);
    QCOMPARE(CommMatrixModel::colour_at(1), CommMatrixModel::colour_at(1.0));
    QVERIFY(CommMatrixModel::colour_at(1).value() < CommMatrixModel::colour_at(0).value());

    // Per rank: computation, MPI and waiting, and the imbalance in words.
    QCOMPARE(a.by_rank.rows.size(), std::size_t{4});
    for (const QVariantList& row : a.by_rank.rows) QVERIFY(row[2].toDouble() > 0);  // every rank is in MPI
    QVERIFY2(a.balance.startsWith("load imbalance ") && a.balance.contains("computes most"), qPrintable(a.balance));
  }

  void report_and_history_json() {
    const QByteArray report = R"({"schema": "crossover-report", "version": 1, "bench": {"crossovers": [
       {"variable": "MPICH_MAX_SHORT_MSG_SIZE", "call": "point-to-point", "now": 128000, "best": 1048576,
        "best_is_bound": true, "crossing": null, "finding": "short is faster"},
       {"variable": "MPICH_REDUCE_SHORT_MSG", "call": "MPI_Reduce on 2 ranks", "now": 65536, "best": 11999,
        "best_is_bound": false, "crossing": {"value": 12000, "lower": 11000, "upper": 13000}, "finding": "binomial below"}]},
      "recommendations": [{"variable": "MPICH_MAX_SHORT_MSG_SIZE", "value": "1048576",
        "export": "export MPICH_MAX_SHORT_MSG_SIZE=1048576", "required": false, "predicted_saving_seconds": 0.000224,
        "percent_of_mpi": 12.34, "simulated_saving_seconds": 0.0002, "chosen": true, "affected": 20, "evidence": "e",
        "cost": null},
       {"variable": "MPICH_MAX_VSHORT_MSG_SIZE", "value": "8", "export": "export MPICH_MAX_VSHORT_MSG_SIZE=8",
        "required": false, "predicted_saving_seconds": 0.00001, "percent_of_mpi": 0.1, "simulated_saving_seconds": -0.00001,
        "chosen": false, "affected": 2, "evidence": "e", "cost": null}]})";
    const ReportData r = parse_report_json(report);
    QCOMPARE(r.crossovers.size(), std::size_t{2});
    QVERIFY(r.crossovers[0].point_to_point() && !r.crossovers[0].crossing && *r.crossovers[0].best == 1048576);
    QCOMPARE(*r.crossovers[1].crossing, 12000.0);
    QCOMPARE(r.export_lines, QStringList{"export MPICH_MAX_SHORT_MSG_SIZE=1048576"});
    TableModel shown;
    shown.set_table(r.recommendations.header, r.recommendations.rows, r.recommendations.units);
    QCOMPARE(shown.data(shown.index(0, 2)).toString(), QString("12.3 %"));    // a number, shown with its unit
    QCOMPARE(shown.data(shown.index(0, 2), Qt::UserRole).toDouble(), 12.34);  // and sorted as one
    QCOMPARE(shown.data(shown.index(0, 3)).toString(), QString("200 µs"));
    QCOMPARE(r.recommendations.rows[0][7].toString(), QString("-"));
    QCOMPARE(r.recommendations.rows.size(), std::size_t{2});
    QCOMPARE(r.recommendations.rows[1][4].toString(), QString("no"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parse_report_json("{not json"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parse_report_json(R"({"title": "an old report", "sections": []})"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parse_report_json(R"({"schema": "crossover-report", "version": 99})"));
    QVERIFY(!parse_report_json(R"({"schema": "crossover-report", "version": 1, "bench": null})").has_bench);
    // A real MPI's job: advice from a stored xo bench --mpi, or the reason there is none.
    const ReportData real = parse_report_json(R"({"schema": "crossover-report", "version": 1, "bench": null,
      "library": {"bench": {"run": 3, "started_at": "t", "missing": ""}},
      "recommendations": [{"variable": "OMPI_MCA_btl_vader_eager_limit", "value": "32768",
        "export": "export OMPI_MCA_btl_vader_eager_limit=32768", "required": false, "predicted_saving_seconds": 0.015,
        "percent_of_mpi": 2.7, "simulated_saving_seconds": null, "affected": 6000, "evidence": "e", "cost": "c"}]})");
    QVERIFY(real.has_bench && real.crossovers.empty());
    QCOMPARE(real.export_lines, QStringList{"export OMPI_MCA_btl_vader_eager_limit=32768"});
    const ReportData unbenched = parse_report_json(R"({"schema": "crossover-report", "version": 1, "bench": null,
      "library": {"bench": {"run": null, "started_at": "", "missing": "run `xo bench --mpi=system -- mpirun -np 2`"}}})");
    QVERIFY(!unbenched.has_bench);
    QVERIFY(unbenched.recommendations.lines.join(' ').contains("xo bench --mpi=system"));

    const QByteArray history = R"([{"id": 1, "kind": "bench", "started_at": "2025-01-01 10:00", "machine": "xt3",
      "figures": [{"key": "fit/short/L", "value": 2.8e-6, "unit": "s"}, {"key": "fit/short/G", "value": 9e-10, "unit": "s/B"}]},
      {"id": 2, "kind": "bench", "started_at": "2025-01-02 10:00", "machine": "xt3",
      "figures": [{"key": "fit/short/L", "value": 3.1e-6, "unit": "s"}]}])";
    const auto rows = parse_history_json(history);
    QCOMPARE(rows.size(), std::size_t{3});
    QCOMPARE(history_figures(rows), (QStringList{"fit/short/G", "fit/short/L"}));
    const auto trend = history_trend(rows, "fit/short/L");
    QCOMPARE(trend.size(), std::size_t{2});
    QCOMPARE(trend[1], QPointF(2, 3.1e-6));
    HistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.set_rows(rows);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.data(model.index(1, 3)).toString(), QString("fit/short/G"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, parse_history_json(R"({"runs": []})"));
  }
};

QTEST_GUILESS_MAIN(TimelineModelTest)
#include "timeline_model_test.moc"
