// The timeline's data against recorded traces (rows per rank, call spans, phase lanes, messages,
// collectives), selection by pixel and its details text, find by call, rank and tag, and the
// item models under QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <set>

#include "model/comm_matrix_model.hpp"
#include "model/history_rows.hpp"
#include "model/report_data.hpp"
#include "model/span_details.hpp"
#include "model/table_model.hpp"
#include "model/timeline_hit_test.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_search.hpp"
#include "model/trace_analysis.hpp"
#include "recorded_trace.hpp"

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
      std::set<std::pair<int, Index>> lanes;  // (rank, lane) with phases
      for (std::size_t p = 0; p < m.phases.size(); ++p) lanes.insert({m.phases.rank[p], m.phases.lane[p]});
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
          QVERIFY(lanes.count({rank, row.lane}) == 1);
        }
      }
      QCOMPARE(rank, 3);
    }
  }

  void call_spans_are_the_outermost_mpi_calls_in_order() {
    const auto& m = *ring_.model;
    for (int rank = 0; rank < 4; ++rank) {
      const std::size_t row = ring_.call_row_of_rank[static_cast<std::size_t>(rank)];
      const auto spans = ring_.row_spans(row);
      std::vector<Index> expected;
      for (Index c = m.calls.first_of_rank[rank]; c < m.calls.first_of_rank[rank + 1]; ++c) {
        if (m.calls.is_mpi[c] && m.calls.depth[c] == 0) expected.push_back(c);
      }
      QCOMPARE(spans.size(), expected.size());
      // Init, Comm_rank, Comm_size, 5 laps of Send and Recv, Wtime?, Finalize: at least 12.
      QVERIFY(spans.size() >= 12);
      for (std::size_t i = 0; i < spans.size(); ++i) {
        QCOMPARE(spans[i].source, expected[i]);
        QCOMPARE(spans[i].start, m.calls.enter[expected[i]]);
        QCOMPARE(ring_.categories.name(spans[i].category).toStdString(), m.regions.name[m.calls.region[expected[i]]]);
        if (i > 0) QVERIFY(spans[i - 1].end <= spans[i].start);
      }
    }
  }

  void phase_rows_hold_every_phase_by_protocol() {
    const auto& m = *stencil_.model;
    std::size_t phases = 0;
    for (std::size_t r = 0; r < stencil_.rows.size(); ++r) {
      if (stencil_.rows[r].kind != RowKind::Phases) continue;
      const auto spans = stencil_.row_spans(r);
      phases += spans.size();
      for (std::size_t i = 0; i < spans.size(); ++i) {
        const Index p = spans[i].source;
        QCOMPARE(m.phases.lane[p], stencil_.rows[r].lane);
        QCOMPARE(stencil_.categories.name(spans[i].category).toStdString(), std::string(m.strings.at(m.phases.protocol[p])));
        if (i > 0) QVERIFY(spans[i - 1].end <= spans[i].start);
      }
    }
    QCOMPARE(phases, m.phases.size());
    QCOMPARE(stencil_.dropped_overlapping_phases, std::uint64_t{0});
  }

  void messages_by_sender_in_send_order() {
    const auto& msg = ring_.model->messages;
    QCOMPARE(msg.size(), std::size_t{20});  // 4 ranks x 5 laps
    QCOMPARE(ring_.messages_by_sender.size(), msg.size());
    for (int s = 0; s < 4; ++s) {
      const auto first = ring_.first_message_of_sender[static_cast<std::size_t>(s)];
      const auto last = ring_.first_message_of_sender[static_cast<std::size_t>(s) + 1];
      QCOMPARE(last - first, 5u);
      for (auto i = first; i < last; ++i) {
        QCOMPARE(msg.sender[ring_.messages_by_sender[i]], s);
        if (i > first) QVERIFY(msg.send_time[ring_.messages_by_sender[i - 1]] <= msg.send_time[ring_.messages_by_sender[i]]);
      }
    }
  }

  void collectives_span_their_members() {
    const auto& c = stencil_.model->collectives;
    QVERIFY(!stencil_.collectives.empty());
    for (std::size_t i = 0; i < stencil_.collectives.size(); ++i) {
      const CollectiveMark& mark = stencil_.collectives[i];
      if (i > 0) QVERIFY(stencil_.collectives[i - 1].end <= mark.end);
      double last_end = 0;
      for (Index k = c.first_member[mark.instance]; k < c.first_member[mark.instance] + c.member_count[mark.instance]; ++k) {
        last_end = std::max(last_end, c.end[k]);
      }
      QCOMPARE(mark.end, last_end);
      QCOMPARE(mark.low_rank, 0);
      QCOMPARE(mark.high_rank, 3);
    }
  }

  void click_at_a_pixel_selects_that_call() {
    const std::size_t row = ring_.call_row_of_rank[2];
    const auto spans = ring_.row_spans(row);
    const PixelScale scale{ring_.start_time, (ring_.end_time - ring_.start_time) / 1000};
    for (std::size_t i = 0; i < spans.size(); ++i) {
      if (spans[i].end - spans[i].start < 3 * scale.seconds_per_pixel) continue;  // too short to hit alone
      const double x = ((spans[i].start + spans[i].end) / 2 - scale.start) / scale.seconds_per_pixel;
      QCOMPARE(span_at(ring_, row, scale, x), ring_.rows[row].first + static_cast<std::uint32_t>(i));
    }
    // Beyond the slop of any span: nothing; just after a short span: that span.
    QCOMPARE(span_at(ring_, row, scale, 2000), TimelineData::kNoSpan);
    const double after_last = (spans.back().end - scale.start) / scale.seconds_per_pixel + 1;
    QCOMPARE(span_at(ring_, row, scale, after_last), ring_.rows[row].first + static_cast<std::uint32_t>(spans.size() - 1));
  }

  void details_name_the_call_its_messages_and_collective() {
    const auto& m = *stencil_.model;
    const Index call = m.collectives.call[0];
    const QStringList coll = span_details(stencil_, stencil_.span_of_call[call]);
    QVERIFY2(coll[0].startsWith("MPI_Allreduce on rank"), qPrintable(coll.join('\n')));
    QVERIFY2(coll.join('\n').contains("collective instance 0 on 4 members, algorithm"), qPrintable(coll.join('\n')));
    const auto& msg = ring_.model->messages;
    const QStringList send = span_details(ring_, ring_.span_of_call[msg.send_call[0]]);
    QVERIFY2(send[0].startsWith("MPI_Send on rank " + QString::number(msg.sender[0])), qPrintable(send.join('\n')));
    QVERIFY2(send.join('\n').contains(QString("sent to rank %1: 8 bytes, tag %2, vshort").arg(msg.receiver[0]).arg(msg.tag[0])),
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
    for (auto s : sends.spans) QCOMPARE(ring_.categories.name(ring_.spans[s].category), QString("MPI_Send"));
    QVERIFY(std::is_sorted(sends.spans.begin(), sends.spans.end()));

    FindResult rank = find_spans(ring_, FindField::Rank, "3");
    QCOMPARE(rank.spans.size(), std::size_t{ring_.rows[ring_.call_row_of_rank[3]].count});
    QCOMPARE(rank.spans.front(), ring_.rows[ring_.call_row_of_rank[3]].first);
    QCOMPARE(find_spans(ring_, FindField::Rank, "4").error, QString("no rank '4': the trace has ranks 0 to 3"));

    FindResult tag = find_spans(ring_, FindField::Tag, "2");  // lap 2: a send and a receive on every rank
    QCOMPARE(tag.spans.size(), std::size_t{8});
    for (auto s : tag.spans) {
      const QString call = ring_.categories.name(ring_.spans[s].category);
      QVERIFY(call == "MPI_Send" || call == "MPI_Recv");
    }
    QCOMPARE(find_spans(ring_, FindField::Tag, "99").error, QString("nothing found for '99'"));
    QVERIFY(!find_spans(ring_, FindField::Tag, "x").error.isEmpty());
  }

  void layout_rows_and_hit_rows() {
    TimelineLayout layout;
    layout.build(stencil_);
    QCOMPARE(layout.rows(), stencil_.rows.size());
    for (std::size_t r = 0; r < layout.rows(); ++r) {
      QCOMPARE(layout.row_at(layout.row_top(r)), static_cast<long>(r));
      QCOMPARE(layout.row_at(layout.row_top(r) + layout.row_height(r) - 1), static_cast<long>(r));
    }
    QCOMPARE(layout.row_at(-1), -1L);
    QCOMPARE(layout.row_at(layout.content_height()), -1L);
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
    for (auto b : stencil_.model->messages.bytes) expected += b;
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
