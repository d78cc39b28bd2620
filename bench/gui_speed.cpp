// GUI speed: opening a 10 M-event trace in the GUI and redrawing its timeline. The synthetic run of
// analysis_speed (64 ranks, 10.9 M events, 1.27 M messages, an eager phase per message) is written
// once; then, per run, the GUI's loader job (read_trace, the timeline's rows, then the analysis:
// profile, wait states, message statistics, fits) loads it as xo gui does, and the time to the
// first frame (loaded + the timeline fit to the window painted into a 1600x900 QImage) and to the
// analysis done are measured from the click. Then frame times of the timeline painted offscreen,
// as TimelineView paints it by default (every rank fit to the height with its lanes folded,
// collectives, message lines, ruler, labels): zoom steps (1.25x
// in or out about a random pixel) and pan steps (40 pixels) at several zoom levels; the median and
// the 95th percentile over the frames, with the draw records and lines per frame.
//
//   gui_speed [--quick] [--runs N] [--ranks N] [--steps N] [--open-only]
//
// --open-only measures opening alone (no frames).
// --ranks 1024 --steps 23000 is the 10^8 events over 1,024 ranks.

#include <QEventLoop>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include "child_run.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_renderer.hpp"
#include "model/trace_loader.hpp"
#include "scratch_dir.hpp"
#include "synthetic_archive.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using xo::bench::median;
using namespace xo::gui;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

constexpr int kWidth = 1600, kHeight = 900;

struct Opened {
  double read = 0;  // the trace model read (the loader's stage after it began)
  double first_frame = 0;
  double analysed = 0;
  std::shared_ptr<const LoadedTrace> trace;
};

// Painting the whole window as the timeline view does.
void paint(TimelineRenderer& renderer, QImage& image, const LoadedTrace& trace, const TimelineLayout& layout,
           const TimelineViewport& viewport) {
  QPainter painter(&image);
  renderer.paint(painter, image.size(), trace.timeline, layout, viewport, {});
}

Opened open(const QString& anchor) {
  Opened o;
  TraceLoader loader(QString{});  // no xo: no report (the synthetic trace's machine is not benchmarked here)
  QEventLoop loop;
  TimelineRenderer renderer;
  QImage image(kWidth, kHeight, QImage::Format_RGB32);
  const auto start = Clock::now();
  QObject::connect(&loader, &TraceLoader::progress, &loop, [&](quint64, int, const QString& stage) {
    if (o.read == 0 && !stage.startsWith("reading")) o.read = seconds_since(start);
  });
  QObject::connect(&loader, &TraceLoader::loaded, &loop, [&](quint64, std::shared_ptr<const LoadedTrace> trace) {
    RankSelection ranks;
    ranks.reset(trace->model().ranks());
    TimelineLayout layout;
    layout.build(trace->timeline, ranks, kHeight - TimelineLayout::kRowsTop);
    TimelineViewport viewport;
    viewport.set_width(kWidth - TimelineLayout::kLabelWidth);
    viewport.set_limits(trace->timeline.start_time, trace->timeline.end_time);
    paint(renderer, image, *trace, layout, viewport);
    o.first_frame = seconds_since(start);
    o.trace = std::move(trace);
  });
  QObject::connect(&loader, &TraceLoader::analysed, &loop, [&] {
    o.analysed = seconds_since(start);
    loop.quit();
  });
  QObject::connect(&loader, &TraceLoader::failed, &loop, [&](quint64, const QString& message) {
    std::fprintf(stderr, "gui_speed: %s\n", message.toLocal8Bit().constData());
    loop.quit();
  });
  loader.load(anchor, false);
  loop.exec();
  return o;
}

struct Frames {
  double median_ms = 0, p95_ms = 0, records = 0, lines = 0;
};

// `frames` frames from a view of `zoom` times the trace, each after one step.
template <class Step>
Frames measure(const LoadedTrace& trace, double zoom, int frames, Step step) {
  RankSelection ranks;
  ranks.reset(trace.model().ranks());
  TimelineLayout layout;
  layout.build(trace.timeline, ranks, kHeight - TimelineLayout::kRowsTop);
  TimelineViewport viewport;
  viewport.set_width(kWidth - TimelineLayout::kLabelWidth);
  viewport.set_limits(trace.timeline.start_time, trace.timeline.end_time);
  viewport.zoom_about(viewport.width() * 0.37, zoom);
  TimelineRenderer renderer;
  QImage image(kWidth, kHeight, QImage::Format_RGB32);
  std::mt19937 random(7);
  std::vector<double> times;
  double records = 0, lines = 0;
  for (int i = 0; i < frames; ++i) {
    step(viewport, random, i);
    const auto start = Clock::now();
    paint(renderer, image, trace, layout, viewport);
    times.push_back(seconds_since(start) * 1e3);
    records += static_cast<double>(renderer.last_records());
    lines += static_cast<double>(renderer.last_lines());
  }
  std::sort(times.begin(), times.end());
  return {median(times), times[times.size() * 95 / 100], records / frames, lines / frames};
}

// Bytes of the files under `dir`: the trace's size on disk.
double bytes_on_disk(const std::string& dir) {
  double total = 0;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, error); !error && it != std::filesystem::end(it);
       it.increment(error)) {
    if (it->is_regular_file(error)) total += static_cast<double>(it->file_size(error));
  }
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  // --ranks and --steps size the synthetic run (default 64 ranks, 40,000 steps: 10.9 M events);
  // the rest are the benchmarks' common options.
  int ranks = 0, steps = 0;
  bool open_only = false;
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--open-only") == 0) {
      open_only = true;
    } else if ((std::strcmp(argv[i], "--ranks") == 0 || std::strcmp(argv[i], "--steps") == 0) && i + 1 < argc) {
      if (!xo::bench::read_count(argv[i], argv[i + 1], 1, argv[i][2] == 'r' ? ranks : steps)) return 2;
      ++i;
    } else {
      rest.push_back(argv[i]);
    }
  }
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(static_cast<int>(rest.size()), rest.data(),
                                 "gui_speed [--quick] [--runs N] [--ranks N] [--steps N] [--open-only]", count)) {
    return 2;
  }
  if (ranks == 0) ranks = count.quick ? 8 : 64;
  if (steps == 0) steps = count.quick ? 200 : 40000;
  const int frames = count.quick ? 5 : 200;
  xo::bench::ScratchDir dir("xo_gui_speed");
  if (dir.path().empty()) return 1;
  const auto written = xo::bench::run_in_child([&] { return xo::bench::write_archive(dir.path(), ranks, steps); });
  if (written.events == 0) {
    std::fprintf(stderr, "gui_speed: writing the archive failed\n");
    return 1;
  }
  if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  int qt_argc = 1;
  QGuiApplication app(qt_argc, argv);
  const QString anchor = QString::fromStdString(dir.path() + "/traces.otf2");

  std::vector<double> read, first, analysed;
  Opened last;
  for (int r = 0; r < count.runs; ++r) {
    last = {};  // the trace of the run before is closed first, as the GUI does: one trace's peak memory
    last = open(anchor);
    if (!last.trace) return 1;
    read.push_back(last.read);
    first.push_back(last.first_frame);
    analysed.push_back(last.analysed);
  }
  std::printf("gui_speed: %d ranks, %.1f M events, %.2f M messages, %zu timeline rows, %.2f M spans, %d runs\n", ranks,
              written.events / 1e6, written.messages / 1e6, last.trace->timeline.rows.size(),
              static_cast<double>(last.trace->timeline.span_count()) / 1e6, count.runs);
  const double on_disk = static_cast<double>(bytes_on_disk(dir.path()));
  std::printf("trace on disk: %.0f MB\n", on_disk / 1e6);
  std::printf(
      "open: trace read %.2f s (median), first frame %.2f s (median; %.2f-%.2f), analysis done %.2f s (%.2f-%.2f); "
      "peak RSS %.0f MB (%.2f of the trace on disk)\n",
      median(read), median(first), *std::min_element(first.begin(), first.end()),
      *std::max_element(first.begin(), first.end()), median(analysed),
      *std::min_element(analysed.begin(), analysed.end()), *std::max_element(analysed.begin(), analysed.end()),
      xo::bench::peak_rss_kib() * 1024 / 1e6, xo::bench::peak_rss_kib() * 1024 / on_disk);

  if (open_only) return 0;
  std::printf("\n%-34s %10s %10s %14s %12s\n", "frames (1600x900)", "median ms", "p95 ms", "records/frame",
              "lines/frame");
  const auto zoom_step = [](TimelineViewport& v, std::mt19937& random, int i) {
    v.zoom_about(std::uniform_real_distribution<double>(0, v.width())(random), i % 2 ? 1 / 1.25 : 1.25);
  };
  const auto pan_step = [](TimelineViewport& v, std::mt19937&, int i) { v.pan_pixels((i / 20) % 2 ? -40 : 40); };
  struct Case {
    const char* name;
    double zoom;
    bool pan;
  };
  for (const Case& c : {Case{"zoom steps, whole trace", 1, false}, Case{"zoom steps, 1/10 of the trace", 10, false},
                        Case{"pan steps, 1/10", 10, true}, Case{"zoom steps, 1/100", 100, false},
                        Case{"pan steps, 1/100", 100, true}, Case{"pan steps, 1/10000", 10000, true}}) {
    const Frames f =
        c.pan ? measure(*last.trace, c.zoom, frames, pan_step) : measure(*last.trace, c.zoom, frames, zoom_step);
    std::printf("%-34s %10.2f %10.2f %14.0f %12.0f\n", c.name, f.median_ms, f.p95_ms, f.records, f.lines);
  }
  return 0;
}
