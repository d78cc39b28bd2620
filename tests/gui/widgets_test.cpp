// The widgets offscreen: a click on the timeline selects the call under the pointer and the
// details pane describes it; the wheel zooms about the cursor; the find bar walks the matches;
// the screenshot command writes a PNG of the asked size for every view, and refuses mistakes.

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>
#include <set>

#include "app/gui_options.hpp"
#include "model/csv_export.hpp"
#include "model/source_excerpt.hpp"
#include "model/timeline_help.hpp"
#include "model/timeline_highlight.hpp"
#include "model/timeline_renderer.hpp"
#include "model/trace_analysis.hpp"
#include "recorded_trace.hpp"
#include "timeline_spans.hpp"
#include "widgets/details_pane.hpp"
#include "widgets/find_bar.hpp"
#include "widgets/fit_chart_view.hpp"
#include "widgets/main_window.hpp"
#include "widgets/source_view.hpp"
#include "widgets/summary_view.hpp"
#include "widgets/timeline_controls.hpp"
#include "widgets/timeline_legend.hpp"
#include "widgets/timeline_view.hpp"

using namespace xo::gui;

namespace {

struct Run {
  int status = -1;
  QString err;
};

Run run_gui(const QStringList& args) {
  QProcess gui;
  gui.start(XO_GUI_BINARY, args);
  if (!gui.waitForFinished(180000)) return {};
  return {gui.exitStatus() == QProcess::NormalExit ? gui.exitCode() : -1,
          QString::fromUtf8(gui.readAllStandardError()).trimmed()};
}

// A trace's four ranks drawn whole: 300 pixels of rows, `width` of time, on a 400-pixel image.
struct WholeFrame {
  TimelineLayout layout;
  TimelineViewport viewport;
  QImage image;

  void paint(const TimelineData& d, int width) {
    RankSelection ranks;
    ranks.reset(4);
    layout.build(d, ranks, 300);
    viewport.set_width(width);
    viewport.set_limits(d.start_time, d.end_time);
    image = QImage(TimelineLayout::kLabelWidth + width, 400, QImage::Format_RGB32);
    QPainter painter(&image);
    TimelineRenderer().paint(painter, image.size(), d, layout, viewport, {});
  }
};

}  // namespace

class WidgetsTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString ring_;
  std::shared_ptr<LoadedTrace> trace_;

 private slots:
  void initTestCase() {
    ring_ = test::record(dir_, "ring.otf2", "ring", 4, {"5"});
    QVERIFY(!ring_.isEmpty());
    trace_ = std::make_shared<LoadedTrace>();
    trace_->path = ring_;
    trace_->timeline = build_timeline_data(test::read(ring_));
  }

  void click_selects_the_call_under_the_pointer() {
    MainWindow window(XO_BINARY, false);
    window.resize(1000, 700);
    window.show();
    TimelineView& view = window.timeline();
    view.set_trace(trace_);
    window.details().set_trace(trace_);
    QSignalSpy selected(&view, &TimelineView::selection_changed);
    // The longest call of rank 1, clicked in its middle.
    const TimelineData& d = trace_->timeline;
    const TimelineRow& row = d.rows[d.call_row_of_rank[1]];
    std::uint32_t longest = row.first;
    for (std::uint32_t i = row.first; i < row.first + row.count; ++i) {
      if (d.span(i).end - d.span(i).start > d.span(longest).end - d.span(longest).start) longest = i;
    }
    const Span s = d.span(longest);
    const int x = TimelineLayout::kLabelWidth + static_cast<int>(view.viewport().x_of((s.start + s.end) / 2));
    const Band& band = view.layout().bands()[static_cast<std::size_t>(view.layout().calls_band(1))];
    const int y = TimelineLayout::kRowsTop + band.top + band.height / 2 - view.scroll_y();
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(x, y));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(view.selected(), longest);
    QVERIFY2(window.details().toPlainText().contains(d.categories.name(s.category) + " on rank 1"),
             qPrintable(window.details().toPlainText()));
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(x, 5000));  // below every row: nothing
    QCOMPARE(view.selected(), TimelineData::kNoSpan);
  }

  void wheel_zooms_about_the_cursor() {
    TimelineView view;
    view.resize(900, 400);
    view.show();
    view.set_trace(trace_);
    const QPointF at(TimelineLayout::kLabelWidth + 300.0, 100);
    const double t = view.viewport().time_at(300);
    const double span = view.viewport().span();
    QWheelEvent wheel(at, view.mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                      false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(qAbs(view.viewport().span() - span / 1.25) < 1e-15);
    QVERIFY(qAbs(view.viewport().time_at(300) - t) < 1e-12);
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.viewport().span(), span);
  }

  // Every rank fits the window by default, each with its lanes folded into one protocols row; a
  // click on a rank's label expands its lanes (and again folds them), E does so for all, a drag
  // over the labels zooms into those ranks, Ctrl+wheel zooms ranks, Home shows every rank again.
  void ranks_fit_fold_expand_and_zoom() {
    TimelineView view;
    view.resize(900, 400);
    view.show();
    view.set_trace(trace_);
    const TimelineLayout& layout = view.layout();
    QCOMPARE(layout.shown().size(), std::size_t{4});
    QVERIFY(layout.content_height() <= 400 - TimelineLayout::kRowsTop);
    auto bands_of = [&](BandKind kind) {
      return std::count_if(layout.bands().begin(), layout.bands().end(),
                           [kind](const Band& b) { return b.kind == kind; });
    };
    QCOMPARE(bands_of(BandKind::Protocols), 4L);
    QCOMPARE(bands_of(BandKind::Lane), 0L);
    const auto label_of = [&](int rank) {
      const Band& b = layout.bands()[static_cast<std::size_t>(layout.calls_band(rank))];
      return QPoint(20, TimelineLayout::kRowsTop + b.top + b.height / 2 - view.scroll_y());
    };
    QTest::mouseClick(&view, Qt::LeftButton, {}, label_of(2));
    QVERIFY(view.ranks().expanded(2));
    const auto [first_lane, end_lane] = lane_rows(trace_->timeline, 2);
    QCOMPARE(bands_of(BandKind::Lane), static_cast<long>(end_lane - first_lane));
    QCOMPARE(bands_of(BandKind::Protocols), 3L);
    QTest::mouseClick(&view, Qt::LeftButton, {}, label_of(2));
    QVERIFY(!view.ranks().expanded(2));
    QTest::keyClick(&view, Qt::Key_E);
    QVERIFY(view.ranks().all_expanded());
    QCOMPARE(bands_of(BandKind::Protocols), 0L);
    QTest::keyClick(&view, Qt::Key_E);
    QCOMPARE(bands_of(BandKind::Lane), 0L);

    QSignalSpy ranks_changed(&view, &TimelineView::ranks_changed);
    QTest::mousePress(&view, Qt::LeftButton, {}, label_of(1));
    QTest::mouseMove(&view, label_of(2));
    QTest::mouseRelease(&view, Qt::LeftButton, {}, label_of(2));
    QCOMPARE(std::vector<RankId>(layout.shown().begin(), layout.shown().end()), (std::vector<RankId>{1, 2}));
    QCOMPARE(ranks_changed.last().at(0).toString(), QString("ranks 1-2 of all 4 ranks"));
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(layout.shown().size(), std::size_t{4});
    const QPointF at(300, TimelineLayout::kRowsTop + 10.0);
    QWheelEvent wheel(at, view.mapToGlobal(at), {}, QPoint(0, 3 * 120), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QCOMPARE(layout.shown().size(), std::size_t{2});  // 4 / 1.25^3, rounded
    QCOMPARE(layout.shown().front(), RankId{0});      // about rank 0, under the cursor

    QCOMPARE(view.set_rank_filter("1,3"), QString());
    QCOMPARE(std::vector<RankId>(layout.shown().begin(), layout.shown().end()), (std::vector<RankId>{1, 3}));
    QCOMPARE(view.set_rank_filter("2-9"), QString("no rank 9: the trace has ranks 0 to 3"));
    QCOMPARE(layout.shown().size(), std::size_t{2});  // a wrong filter changes nothing
    QCOMPARE(view.set_rank_filter("MPI_COMM_WORLD"), QString());
    QCOMPARE(layout.shown().size(), std::size_t{4});
  }

  // The overview strip (it needs fonts, hence here): in each pixel column, a bar as tall as the
  // share of ranks inside an MPI call there, counted from the spans themselves.
  void overview_strip_shows_ranks_in_mpi() {
    const TimelineData& d = trace_->timeline;
    WholeFrame frame;
    frame.paint(d, 400);
    const QImage& image = frame.image;
    const TimelineViewport& viewport = frame.viewport;
    const QColor background = image.pixelColor(TimelineLayout::kLabelWidth + 1, TimelineLayout::kRulerHeight + 1);
    const int bottom = TimelineLayout::kRulerHeight + 2 + TimelineLayout::kOverviewHeight - 4;  // one past the bars
    int checked = 0;
    for (int x = 5; x < 400; x += 7) {
      const double t0 = viewport.time_at(x), t1 = viewport.time_at(x + 1);
      int busy = 0;
      for (int r = 0; r < 4; ++r) {
        const auto spans = test::row_spans(d, d.call_row_of_rank[static_cast<std::size_t>(r)]);
        busy += std::any_of(spans.begin(), spans.end(), [&](const Span& s) {
          return s.start < t1 && (s.end > t0 || (s.end == s.start && s.start >= t0));  // as pixel_aggregation.hpp
        });
      }
      const int height = busy == 0 ? 0 : std::max(1, static_cast<int>(std::lround(30.0 * busy / 4)));
      const int px = TimelineLayout::kLabelWidth + x;
      if (height > 0) QVERIFY2(image.pixelColor(px, bottom - 1) != background, qPrintable(QString("column %1").arg(x)));
      if (height < 30) QCOMPARE(image.pixelColor(px, bottom - height - 1), background);
      ++checked;
    }
    QVERIFY(checked > 50);
  }

  // Each rank's one-sided epochs are bars in their kind's colour along the bottom of its calls row.
  void one_sided_epochs_are_drawn_under_the_calls() {
    const QString trace = test::record(dir_, "epochs.otf2", "stencil_rma", 4, {"pscw", "16", "3"});
    QVERIFY2(!trace.isEmpty(), "xo record failed");
    const TimelineData d = build_timeline_data(test::read(trace));
    QVERIFY(!d.epochs.empty());
    WholeFrame frame;
    frame.paint(d, 600);
    const QImage& image = frame.image;
    const TimelineLayout& layout = frame.layout;
    for (const EpochKind kind : {EpochKind::Access, EpochKind::Exposure}) {
      std::set<int> rows;  // image rows holding the kind's colour
      for (int y = 0; y < image.height(); ++y) {
        for (int x = TimelineLayout::kLabelWidth; x < image.width(); ++x) {
          if (image.pixelColor(x, y) == epoch_colour(kind)) rows.insert(y);
        }
      }
      QVERIFY2(!rows.empty(), epoch_kind_name(kind));
      // Only within the calls rows' bottom few pixels.
      for (int y : rows) {
        const long band = layout.band_at(y - TimelineLayout::kRowsTop);
        QVERIFY2(band >= 0 && layout.bands()[static_cast<std::size_t>(band)].kind == BandKind::Calls,
                 qPrintable(QString("%1 at y %2").arg(epoch_kind_name(kind)).arg(y)));
      }
    }
  }

  // A message line costs one against the density's budget, or one per 150 pixels it draws inside
  // the rows' area: what lies outside is clipped, and a line wholly outside costs one.
  void long_message_lines_count_as_several() {
    const QRectF area(100, 50, 1500, 850);  // x 100-1600, y 50-900
    QCOMPARE(message_line_cost(QLineF(200, 100, 230, 110), area), 1.0);
    QCOMPARE(message_line_cost(QLineF(200, 60, 260, 860), area), 800 / 150.0);    // down the screen
    QCOMPARE(message_line_cost(QLineF(200, -750, 200, 850), area), 800 / 150.0);  // half above it
    QCOMPARE(message_line_cost(QLineF(-1400, 100, 1600, 400), area), 1500 / 150.0);
    QCOMPARE(message_line_cost(QLineF(0, 0, 50, 900), area), 1.0);  // left of the area
    QCOMPARE(message_line_cost(QLineF(2000, 100, 1700, 900), area), 1.0);
  }

  // A renderer reuses the rows of its last frame on a pan (row_record_cache.hpp): every frame of a
  // walk of pans and zooms is the image a renderer drawing it first makes, on rows with summaries
  // and lanes (a long ping-pong) and on ranks folded into pixel rows (a ring of 64 on 200 pixels).
  void a_pan_draws_what_a_first_frame_draws() {
    const QString pingpong = test::record(dir_, "pingpong_pans.otf2", "pingpong", 2, {"500"});
    const QString ring = test::record(dir_, "ring_pans.otf2", "ring", 64, {"3"});
    QVERIFY2(!pingpong.isEmpty() && !ring.isEmpty(), "xo record failed");
    int compared = 0;
    for (const auto& [path, height] : {std::pair{pingpong, 400}, std::pair{ring, 260}}) {
      const TimelineData d = build_timeline_data(test::read(path));
      RankSelection ranks;
      ranks.reset(static_cast<int>(d.call_row_of_rank.size()));
      if (height == 400) ranks.expand_all(true);  // the ping-pong's lanes, each a band
      TimelineLayout layout;
      layout.build(d, ranks, height - TimelineLayout::kRowsTop);
      const QSize size(TimelineLayout::kLabelWidth + 500, height);
      TimelineViewport viewport;
      viewport.set_width(500);
      viewport.set_limits(d.start_time, d.end_time);
      TimelineRenderer panning;
      auto frame = [&](TimelineRenderer& renderer) {
        QImage image(size, QImage::Format_RGB32);
        QPainter painter(&image);
        renderer.paint(painter, size, d, layout, viewport, {});
        return image;
      };
      auto check = [&](const char* step) {
        TimelineRenderer first;
        const QImage reused = frame(panning), drawn = frame(first);
        QVERIFY2(reused == drawn, step);
        ++compared;
      };
      for (const double zoom : {1.0, 10.0, 300.0}) {
        viewport.fit_all();
        viewport.zoom_about(170, zoom);
        check("zoomed");
        for (const double dx : {40.0, 40.0, -7.0, 1.0, 499.0, -260.0, 3e6, -11.0}) {
          viewport.pan_pixels(dx);
          check(qPrintable(QString("pan of %1 at zoom %2").arg(dx).arg(zoom)));
        }
      }
    }
    QCOMPARE(compared, 2 * 3 * 9);
  }

  // The legend lists what the colours mean, and the controls drive the view.
  void legend_and_controls() {
    MainWindow window(XO_BINARY, false);
    window.resize(1200, 700);
    window.show();
    window.open_trace(ring_);
    QTRY_VERIFY_WITH_TIMEOUT(window.trace() != nullptr, 60000);
    auto& controls = window.timeline_controls();
    controls.ranks_field().setText("0-1");
    QTest::keyClick(&controls.ranks_field(), Qt::Key_Return);
    QCOMPARE(window.timeline().layout().shown().size(), std::size_t{2});
    controls.ranks_field().setText("no such thing");
    QTest::keyClick(&controls.ranks_field(), Qt::Key_Return);
    QCOMPARE(window.timeline().layout().shown().size(), std::size_t{2});
    // Selecting a call of a rank the filter hides brings every rank back, and empties the field.
    controls.ranks_field().setText("0-1");
    QTest::keyClick(&controls.ranks_field(), Qt::Key_Return);
    const TimelineData& d = window.trace()->timeline;
    window.timeline().select_span(d.rows[d.call_row_of_rank[3]].first, true);
    QCOMPARE(window.timeline().layout().shown().size(), std::size_t{4});
    QCOMPARE(controls.ranks_field().text(), QString());
    QVERIFY(window.legend().isVisible());
    QVERIFY(window.legend().topLevelItemCount() >= 2);  // MPI calls, phases, ..., other
    QCOMPARE(window.legend().topLevelItem(0)->text(0), QString("MPI calls"));
    QCheckBox* legend = nullptr;
    for (QCheckBox* box : controls.findChildren<QCheckBox*>()) {
      if (box->text() == "Legend") legend = box;
    }
    QVERIFY(legend && legend->isChecked());
    legend->click();
    QVERIFY(!window.legend().isVisible());
    QVERIFY(timeline_help_text().contains("Ctrl+wheel"));
  }

  void find_bar_walks_the_matches() {
    FindBar bar;
    bar.set_trace(trace_);
    QSignalSpy shown(&bar, &FindBar::show_span);
    bar.find(FindField::Call, "MPI_Recv");
    QCOMPARE(bar.matches(), std::size_t{20});
    QCOMPARE(bar.status(), QString("1 of 20"));
    bar.find(FindField::Call, "MPI_Recv", -1);  // back past the first: wraps to the last
    QCOMPARE(bar.status(), QString("20 of 20"));
    bar.find(FindField::Call, "MPI_Recv", 1);
    QCOMPARE(bar.status(), QString("1 of 20"));
    QCOMPARE(shown.count(), 3);
    bar.find(FindField::Rank, "9");
    QCOMPARE(bar.status(), QString("no rank '9': the trace has ranks 0 to 3"));
    QCOMPARE(shown.count(), 3);
  }

  void screenshot_of_every_view_has_the_asked_size() {
    for (const QString& view : view_names()) {
      const QString png = dir_.filePath(view + ".png");
      const Run r = run_gui({"--screenshot", png, "--view", view, "--size", "900x600", ring_});
      QVERIFY2(r.status == 0, qPrintable(view + ": " + r.err));
      QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
      const QImage image(png);
      QCOMPARE(image.size(), QSize(900, 600));
      QVERIFY(image.pixelColor(450, 300) != image.pixelColor(5, 5) || view == "history");
    }
  }

  void screenshot_refuses_mistakes_with_one_line() {
    Run r = run_gui({"--screenshot", dir_.filePath("x.png"), "--view", "gantt", ring_});
    QCOMPARE(r.status, 2);
    QCOMPARE(r.err, QString("xo gui: --view gantt: choose timeline, summary, fits, recommendations, history"));
    r = run_gui({"--screenshot", dir_.filePath("x.png"), dir_.filePath("missing.otf2")});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.startsWith("xo gui: ") && r.err.contains("no such file") && !r.err.contains('\n'),
             qPrintable(r.err));
    r = run_gui({"--screenshot", dir_.filePath("x.png"), "--size", "big", ring_});
    QCOMPARE(r.status, 2);
    r = run_gui({"--screenshot", dir_.filePath("x.png")});
    QCOMPARE(r.status, 2);
    r = run_gui({"--screenshot", dir_.filePath("x.png"), "--view", "fits", "--view", "summary", ring_});
    QCOMPARE(r.status, 2);
    QCOMPARE(r.err, QString("xo gui: --view is given twice, as fits and as summary: give it once"));
    r = run_gui({"--screenshot", dir_.filePath("x.png"), "--time", "200us-100us", ring_});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.startsWith("xo gui: --time 200us-100us: give FROM-TO with units"), qPrintable(r.err));
    r = run_gui({"--screenshot", dir_.filePath("x.png"), "--ranks", "2-9", ring_});  // the ring has 4 ranks
    QCOMPARE(r.status, 1);
    QCOMPARE(r.err, QString("xo gui: --ranks 2-9: no rank 9: the trace has ranks 0 to 3"));
    QVERIFY(!QFile::exists(dir_.filePath("x.png")));
  }

  // File > Export: the current view as PNG or SVG, the summary's tables as CSV with plain numbers.
  void export_view_and_summary() {
    MainWindow window(XO_BINARY, false);
    window.resize(1000, 700);
    window.show();
    QCOMPARE(window.export_summary_csv(dir_.path()), QString("nothing to export yet: the trace is not analysed"));
    QSignalSpy analysed(&window.loader(), &TraceLoader::analysed);
    window.open_trace(ring_);
    QVERIFY(analysed.wait(60000));
    const QString png = dir_.filePath("view.png"), svg = dir_.filePath("view.svg");
    QCOMPARE(window.export_view(png), QString());
    QVERIFY(!QImage(png).isNull());
    QCOMPARE(window.export_view(svg), QString());
    QFile drawing(svg);
    QVERIFY(drawing.open(QIODevice::ReadOnly));
    const QByteArray vectors = drawing.readAll();
    QVERIFY(vectors.contains("<svg") && vectors.contains("rank 3"));  // the labels are text, not pixels
    QVERIFY(window.export_view(dir_.filePath("view.jpg")).contains("ending in .png or .svg"));

    const QString csv = dir_.filePath("csv");
    QVERIFY(QDir().mkpath(csv));
    QCOMPARE(window.export_summary_csv(csv), QString());
    QFile by_call(csv + "/by_call.csv");
    QVERIFY(by_call.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(by_call.readAll()).split("\r\n", Qt::SkipEmptyParts);
    QCOMPARE(lines.front(), QString("call,calls,time [s],share of MPI [%],longest call [s]"));
    bool sends = false;
    for (const QString& l : lines.mid(1)) {
      const QStringList f = l.split(',');
      QCOMPARE(f.size(), 5);
      bool number = false;
      f[2].toDouble(&number);
      QVERIFY2(number, qPrintable(l));               // a value in seconds, not "474 µs"
      if (f[0] == "MPI_Send") sends = f[1] == "20";  // 4 ranks x 5 laps
    }
    QVERIFY(sends);
    QFile matrix(csv + "/communication_matrix.csv");
    QVERIFY(matrix.open(QIODevice::ReadOnly));
    qulonglong messages = 0;
    for (const QString& l : QString::fromUtf8(matrix.readAll()).split("\r\n", Qt::SkipEmptyParts).mid(1)) {
      messages += l.split(',').last().toULongLong();
    }
    QCOMPARE(messages, 20ull);
    for (const char* name : {"by_call_site.csv", "by_protocol.csv", "wait_states.csv", "message_sizes.csv"}) {
      QVERIFY2(QFile::exists(csv + "/" + name), name);
    }
    QVERIFY(window.export_summary_csv(dir_.filePath("missing/dir")).startsWith("cannot write"));
    QCOMPARE(csv_field("a,b"), QString("\"a,b\""));
    QCOMPARE(csv_field("say \"hi\""), QString("\"say \"\"hi\"\"\""));
    QCOMPARE(csv_field("plain"), QString("plain"));
  }

  // A profile fills the Summary, whose headline says what needs a trace, and the other views say
  // why they are empty; a trace of some ranks marks the rows of the ranks it left out.
  void a_profile_fills_the_summary_and_left_out_ranks_say_so() {
    const QString profile = test::record(dir_, "ring.prof", "ring", 4, {"5"}, {"--profile"});
    QVERIFY(!profile.isEmpty());
    MainWindow window(XO_BINARY, false);
    window.resize(1000, 700);
    window.show();
    QSignalSpy analysed(&window.loader(), &TraceLoader::analysed);
    window.open_trace(profile);
    QVERIFY(analysed.wait(60000));
    QVERIFY2(window.windowTitle().endsWith("4 ranks (profile)"), qPrintable(window.windowTitle()));
    QVERIFY(window.trace() == nullptr);
    QVERIFY2(window.summary().headline().contains("From the run's profile"), qPrintable(window.summary().headline()));
    QVERIFY(window.summary().by_call().rowCount() > 0);
    QCOMPARE(window.summary().by_rank().rowCount(), 4);
    QVERIFY(window.timeline().empty_text().contains("A profile has no timeline"));
    QVERIFY2(window.fits().status().contains("a profile"), qPrintable(window.fits().status()));

    const QString some = test::record(dir_, "ring.some", "ring", 4, {"5"}, {"--trace-ranks", "0,2"});
    QVERIFY(!some.isEmpty());
    window.open_trace(some);
    QVERIFY(window.timeline().empty_text().isEmpty());
    QVERIFY(analysed.wait(60000));
    const QString svg = dir_.filePath("some.svg");
    QCOMPARE(window.export_view(svg), QString());
    QFile drawing(svg);
    QVERIFY(drawing.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(drawing.readAll()).count("not traced: xo record --trace-ranks left this rank out"), 2);
  }

  // A selected call shows its source, its call site's line marked; a double-click on a site in the
  // summary selects that site's longest call in the timeline.
  void the_source_of_a_call_and_its_site() {
    MainWindow window(XO_BINARY, false);
    window.resize(1000, 700);
    window.show();
    QSignalSpy analysed(&window.loader(), &TraceLoader::analysed);
    window.open_trace(ring_);
    QVERIFY(analysed.wait(60000));
    const TimelineData& d = window.trace()->timeline;
    std::uint32_t send = TimelineData::kNoSpan;
    const TimelineRow& row = d.rows[d.call_row_of_rank[1]];
    for (std::uint32_t s = row.first; s < row.first + row.count && send == TimelineData::kNoSpan; ++s) {
      if (d.categories.name(d.span(s).category) == "MPI_Send") send = s;
    }
    QVERIFY(send != TimelineData::kNoSpan);
    window.timeline().select_span(send, true);
    const QString source = window.source().toPlainText();
    QVERIFY2(source.startsWith("MPI_Send in main at ring.c:"), qPrintable(source));
    QVERIFY2(QRegularExpression("\\n *[0-9]+ > .*MPI_Send").match(source).hasMatch(), qPrintable(source));

    auto* summary = window.findChild<SummaryView*>();
    QVERIFY(summary);
    window.timeline().select_span(TimelineData::kNoSpan, false);
    summary->choose_call_site(0);
    QVERIFY(window.timeline().selected() != TimelineData::kNoSpan);
    QCOMPARE(window.source().toPlainText().section(' ', 0, 0),
             d.categories.name(d.span(window.timeline().selected()).category));

    const SourceExcerpt missing = source_excerpt("/no/such/file.c", 10);
    QVERIFY(missing.lines.isEmpty() && missing.problem.contains("not on this machine"));
    QVERIFY(source_excerpt("", 3).problem.contains("-g"));
  }

  // A recommendation selected brings out in the timeline the messages it moves: the ping-pong's
  // largest messages, which a raised eager limit moves off the long protocol.
  void a_recommendation_shows_the_messages_it_moves() {
    const QString pingpong = test::record(dir_, "pp.otf2", "pingpong", 2);
    QVERIFY(!pingpong.isEmpty());
    MainWindow window(XO_BINARY, false);
    window.resize(1000, 700);
    window.show();
    QSignalSpy ready(&window.loader(), &TraceLoader::report_ready);
    window.open_trace(pingpong);
    QVERIFY(ready.wait(120000));
    const auto report = ready.at(0).at(1).value<std::shared_ptr<const ReportData>>();
    QCOMPARE(report->targets.size(), report->recommendations.rows.size());
    int row = -1;
    for (std::size_t i = 0; i < report->targets.size(); ++i) {
      if (!report->targets[i].protocol.isEmpty() && row < 0) row = static_cast<int>(i);
    }
    QVERIFY2(row >= 0, "a point-to-point recommendation with the messages it moves");
    const RecommendationTarget& target = report->targets[static_cast<std::size_t>(row)];
    window.show_view(View::Recommendations);
    QVERIFY(window.timeline().highlight() == nullptr);
    window.show_recommendation(row, true);
    const TimelineHighlight* h = window.timeline().highlight();
    QVERIFY(h && !h->messages.empty());
    const auto& msg = window.trace()->model().messages;
    for (auto m : h->messages) {
      QVERIFY(msg.bytes[m] >= target.smallest_bytes && msg.bytes[m] <= target.largest_bytes);
    }
    QVERIFY2(h->description.contains(QString("%1 messages of").arg(h->messages.size())) &&
                 h->description.contains(target.variable),
             qPrintable(h->description));
    QCOMPARE(window.timeline().isVisible(), true);  // the timeline shown
    const QImage frame = window.timeline().grab().toImage();
    bool magenta = false;
    for (int y = 0; y < frame.height() && !magenta; ++y) {
      for (int x = 0; x < frame.width() && !magenta; ++x) magenta = frame.pixelColor(x, y) == QColor(230, 0, 150);
    }
    QVERIFY2(magenta, "the highlighted messages are drawn");
  }

  // In a real X window (Xvfb, the xcb platform, not offscreen): the window shows, and what it
  // shows is the timeline with its rows, overview and legend, not a blank or black frame.
  void a_real_window_under_xvfb() {
    const QString xvfb_run = QStandardPaths::findExecutable("xvfb-run");
    if (xvfb_run.isEmpty()) QSKIP("xvfb-run is not installed (scripts/setup.sh installs it)");
    const QString out = dir_.filePath("xvfb.png");
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("QT_QPA_PLATFORM");        // this test's own is offscreen
    env.insert("XO_GUI_VERBOSE", "1");    // Qt's messages through
    env.insert("QT_DEBUG_PLUGINS", "1");  // which names the platform plugin loaded
    gui.setProcessEnvironment(env);
    gui.start(xvfb_run,
              {"-a", "-s", "-screen 0 1280x900x24", XO_GUI_BINARY, "--screenshot", out, "--size", "900x600", ring_});
    QVERIFY(gui.waitForFinished(180000));
    const QString err = QString::fromUtf8(gui.readAllStandardError());
    QVERIFY2(gui.exitStatus() == QProcess::NormalExit && gui.exitCode() == 0, qPrintable(err));
    QVERIFY2(err.contains("libqxcb.so\" loaded library"), "the X11 platform, not offscreen");
    const QImage shot(out);
    QCOMPARE(shot.size(), QSize(900, 600));
    QSet<QRgb> colours;
    for (int y = 0; y < shot.height(); y += 3) {
      for (int x = 0; x < shot.width(); x += 3) colours.insert(shot.pixel(x, y));
    }
    QVERIFY2(colours.size() > 20, "a frame with the timeline's colours, not a blank one");
  }

  // The timeline opens as --ranks, --expand-lanes and --time ask.
  void screenshot_of_chosen_ranks_lanes_and_time() {
    const QString out = dir_.filePath("lanes.png");
    const Run r = run_gui(
        {"--screenshot", out, "--size", "800x500", "--ranks", "1-2", "--expand-lanes", "--time", "1us-20us", ring_});
    QCOMPARE(r.status, 0);
    QCOMPARE(QImage(out).size(), QSize(800, 500));
    const QString svg = dir_.filePath("lanes.svg");
    QCOMPARE(run_gui({"--screenshot", svg, "--size", "800x500", ring_}).status, 0);
    QVERIFY(QFileInfo(svg).size() > 1000);
    const Run jpeg = run_gui({"--screenshot", dir_.filePath("x.jpg"), ring_});
    QCOMPARE(jpeg.status, 2);
    QVERIFY2(jpeg.err.contains("ending in .png (pixels) or .svg (vectors)"), qPrintable(jpeg.err));
    QCOMPARE(parse_time_text("1.5ms").value(), 1.5e-3);
    QCOMPARE(parse_time_text("850 ns").value(), 850e-9);
    QVERIFY(!parse_time_text("12").has_value());
  }

  // A trace damaged after writing: refused with the reason, or with --tolerate (the loader's
  // setting) shown under a banner that says so, the title marked too.
  void a_damaged_trace_is_refused_or_shown_under_a_banner() {
    const QString damaged = dir_.filePath("damaged.otf2");
    QVERIFY(QDir().mkpath(damaged + "/traces"));
    for (const QString& file : QDir(ring_).entryList(QDir::Files))
      QFile::copy(ring_ + "/" + file, damaged + "/" + file);
    for (const QString& file : QDir(ring_ + "/traces").entryList(QDir::Files)) {
      QFile::copy(ring_ + "/traces/" + file, damaged + "/traces/" + file);
    }
    QFile::remove(damaged + "/traces/1.evt");
    QVERIFY(QFile::copy(ring_ + "/traces/2.evt", damaged + "/traces/1.evt"));

    MainWindow window(XO_BINARY, false);
    QSignalSpy failed(&window, &MainWindow::load_failed);
    window.open_trace(damaged);
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.at(0).at(0).toString().contains("1.evt is not the file its writer wrote"),
             qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(window.damage_banner().isHidden());

    window.loader().set_tolerate_damage(true);
    QSignalSpy analysed(&window.loader(), &TraceLoader::analysed);
    window.open_trace(damaged);
    QVERIFY(analysed.wait(60000));
    QVERIFY(!window.damage_banner().isHidden());
    QVERIFY2(window.damage_banner().text().contains("Damaged trace, opened with --tolerate"),
             qPrintable(window.damage_banner().text()));
    QVERIFY(window.windowTitle().endsWith("[damaged trace]"));
    window.open_trace(ring_);  // a sound trace next: the banner goes
    QVERIFY(window.damage_banner().isHidden());
  }

  void xo_gui_starts_xo_gui() {
    QProcess xo;
    xo.start(XO_BINARY, {"gui", "--view", "nope"});
    QVERIFY(xo.waitForFinished(30000));
    QCOMPARE(xo.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(xo.readAllStandardError()).trimmed(),
             QString("xo gui: --view nope: choose timeline, summary, fits, recommendations, history"));
  }
};

QTEST_MAIN(WidgetsTest)
#include "widgets_test.moc"
