// Zoom and pan arithmetic of the timeline, and the ruler's ticks.

#include "model/timeline_viewport.hpp"

#include <QSignalSpy>
#include <QTest>

#include "model/time_ruler.hpp"

using namespace xo::gui;

class TimelineViewportTest : public QObject {
  Q_OBJECT

 private slots:
  void fit_all_shows_the_limits() {
    TimelineViewport v;
    v.set_width(1000);
    v.set_limits(0.5, 2.5);
    QCOMPARE(v.start(), 0.5);
    QCOMPARE(v.end(), 2.5);
    QCOMPARE(v.seconds_per_pixel(), 0.002);
    v.zoom_about(100, 8);
    v.fit_all();
    QCOMPARE(v.start(), 0.5);
    QCOMPARE(v.span(), 2.0);
  }

  void zoom_keeps_the_time_under_the_cursor() {
    TimelineViewport v;
    v.set_width(800);
    v.set_limits(0, 1);
    for (double x : {123.0, 400.0, 777.5}) {
      v.show_range(0.2, 0.6);
      const double t = v.time_at(x);
      v.zoom_about(x, 4);
      QVERIFY(qAbs(v.time_at(x) - t) < 1e-12);
      QVERIFY(qAbs(v.span() - 0.1) < 1e-12);
      v.zoom_about(x, 0.5);  // out again
      QVERIFY(qAbs(v.time_at(x) - t) < 1e-12);
      QVERIFY(qAbs(v.span() - 0.2) < 1e-12);
    }
  }

  void zoom_and_pan_stay_within_the_limits() {
    TimelineViewport v;
    v.set_width(500);
    v.set_limits(1, 2);
    v.zoom_about(0, 0.1);  // zooming out past everything shows everything
    QCOMPARE(v.start(), 1.0);
    QCOMPARE(v.end(), 2.0);
    v.zoom_about(250, 10);
    v.pan_pixels(-1e6);
    QCOMPARE(v.start(), 1.0);
    v.pan_pixels(1e6);
    QCOMPARE(v.end(), 2.0);
    QVERIFY(qAbs(v.span() - 0.1) < 1e-12);
    v.pan_pixels(-50);  // 50 pixels of 0.1 s / 500
    QVERIFY(qAbs(v.end() - 1.99) < 1e-12);
    for (int i = 0; i < 200; ++i) v.zoom_about(10, 10);  // no finer than min_span
    QCOMPARE(v.span(), v.min_span());
    QVERIFY(v.seconds_per_pixel() >= 1e-12);
  }

  // Pans move the columns by whole pixels from where the last zoom anchored them, so that the
  // columns two frames share start at the same times; a pan into a limit anchors anew there.
  void pans_move_the_columns_by_whole_pixels() {
    TimelineViewport v;
    v.set_width(1000);
    v.set_limits(0, 10);
    v.show_range(3, 4);
    const PixelScale anchored = v.scale();
    QCOMPARE(anchored.offset, 0LL);
    v.pan_pixels(40);
    v.pan_pixels(-13.4);  // rounded to 13
    v.pan_pixels(0.3);    // less than half a pixel: nothing
    QCOMPARE(v.scale().offset, 27LL);
    QVERIFY(v.scale().same_grid(anchored));
    for (long long x : {0LL, 1LL, 999LL}) QCOMPARE(v.scale().column_start(x), anchored.column_start(x + 27));
    QCOMPARE(v.start(), anchored.column_start(27));
    v.pan_pixels(1e6);  // into the upper limit
    QCOMPARE(v.end(), 10.0);
    QCOMPARE(v.scale().offset, 0LL);
    QVERIFY(!v.scale().same_grid(anchored));
    v.zoom_about(500, 2);  // a zoom anchors anew too
    QCOMPARE(v.scale().offset, 0LL);
  }

  void rubber_band_shows_its_range_and_signals() {
    TimelineViewport v;
    v.set_width(1000);
    v.set_limits(0, 10);
    QSignalSpy changed(&v, &TimelineViewport::changed);
    v.show_range(7, 3);
    QCOMPARE(v.start(), 3.0);
    QCOMPARE(v.end(), 7.0);
    QCOMPARE(changed.count(), 1);
    v.show_range(3, 7);  // nothing changes, nothing signalled
    QCOMPARE(changed.count(), 1);
    QCOMPARE(v.x_of(5), 500.0);
  }

  void width_change_keeps_the_scale() {
    TimelineViewport v;
    v.set_width(1000);
    v.set_limits(0, 10);
    v.show_range(2, 3);
    v.set_width(500);
    QCOMPARE(v.start(), 2.0);
    QCOMPARE(v.span(), 0.5);
  }

  void ruler_ticks_are_round_and_apart() {
    QCOMPARE(nice_step(0.0013), 0.002);
    QCOMPARE(nice_step(3e-6), 5e-6);
    QCOMPARE(nice_step(7), 10.0);
    const auto ticks = ruler_ticks(0.00123, 0.00567, 1000, 90);
    QVERIFY(ticks.size() >= 5 && ticks.size() <= 12);
    for (std::size_t i = 1; i < ticks.size(); ++i) QVERIFY((ticks[i].time - ticks[i - 1].time) / 4.44e-6 >= 90);
    QCOMPARE(time_label(0.0015, 0.0005), QString("1.5 ms"));
    QCOMPARE(time_label(0.0005, 0.0005), QString("500 us"));
    QCOMPARE(time_label(2, 1), QString("2 s"));
    QCOMPARE(seconds_text(12.5e-6), QString("12.5 us"));
  }
};

QTEST_GUILESS_MAIN(TimelineViewportTest)
#include "timeline_viewport_test.moc"
