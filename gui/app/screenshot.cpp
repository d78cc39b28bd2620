// xo gui --screenshot: the window rendered offscreen once what the view shows has arrived, as PNG
// or SVG by the file's suffix.

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "app/gui_options.hpp"
#include "widgets/image_export.hpp"

namespace xo::gui {

namespace {

// The report benchmarks the machine model (seconds); a trace of a million events reads in one.
constexpr int kTimeoutMs = 5 * 60 * 1000;

}  // namespace

int take_screenshot(const GuiOptions& o, const QString& xo_program) {
  MainWindow window(xo_program, false);
  window.loader().set_tolerate_damage(o.tolerate);
  window.set_timeline_start(o.timeline);
  window.resize(o.size);
  window.show_view(o.view);
  window.show();
  bool analysed = false, report_done = false, history_done = false;
  QString error;
  QEventLoop loop;
  auto check = [&] {
    const bool ready = o.view == View::History                                   ? history_done
                       : o.view == View::Fits || o.view == View::Recommendations ? analysed && report_done
                                                                                 : analysed;
    if (ready || !error.isEmpty()) loop.quit();
  };
  TraceLoader& loader = window.loader();
  QObject::connect(&window, &MainWindow::load_failed, &loop, [&](const QString& message) {
    error = message;
    check();
  });
  QObject::connect(&loader, &TraceLoader::analysed, &loop, [&] { analysed = true, check(); });
  QObject::connect(&loader, &TraceLoader::report_ready, &loop, [&] { report_done = true, check(); });
  QObject::connect(&loader, &TraceLoader::report_failed, &loop, [&] { report_done = true, check(); });
  // A profile has no report: its views say so as it arrives.
  QObject::connect(&loader, &TraceLoader::profile_loaded, &loop, [&] { report_done = true, check(); });
  QObject::connect(&loader, &TraceLoader::history_ready, &loop, [&] { history_done = true, check(); });
  QObject::connect(&loader, &TraceLoader::history_unavailable, &loop, [&] { history_done = true, check(); });
  QTimer::singleShot(kTimeoutMs, &loop, [&] {
    error = QString("timed out after %1 s waiting for the %2 view")
                .arg(kTimeoutMs / 1000)
                .arg(view_names()[static_cast<int>(o.view)]);
    loop.quit();
  });
  window.open_trace(o.trace);
  loop.exec();
  if (!error.isEmpty()) {
    std::fprintf(stderr, "xo gui: %s\n", error.toLocal8Bit().constData());
    return 1;
  }
  QCoreApplication::processEvents();  // layouts and charts settle before the grab
  if (const QString problem = save_widget_image(window, o.screenshot); !problem.isEmpty()) {
    std::fprintf(stderr, "xo gui: %s\n", problem.toLocal8Bit().constData());
    return 1;
  }
  return 0;
}

}  // namespace xo::gui
