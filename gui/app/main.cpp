// xo-gui: the Crossover GUI, started by `xo gui`. Kept out of xo so that xo never links Qt.

#include <QApplication>
#include <QFileInfo>
#include <cstdio>
#include <cstdlib>

#include "app/gui_options.hpp"
#include "model/tool_process.hpp"
#include "widgets/main_window.hpp"

int main(int argc, char** argv) {
  using namespace xo::gui;
  GuiOptions options;
  try {
    options = parse_gui_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const OptionError& error) {
    std::fprintf(stderr, "xo gui: %s\n", error.what());
    return 2;
  }
  if (options.help) {
    std::fputs(kGuiUsage, stdout);
    return 0;
  }
  // Screenshots need no display: render offscreen unless one is there or a platform was chosen.
  if (!options.screenshot.isEmpty() && !std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY") &&
      !std::getenv("QT_QPA_PLATFORM")) {
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
  }
  // A screenshot's only output is its file or one error line: Qt's warnings about the offscreen
  // platform (no XDG_RUNTIME_DIR, no size hints) would bury it.
  if (!options.screenshot.isEmpty() && !std::getenv("XO_GUI_VERBOSE")) {
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
      if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "xo gui: %s\n", message.toLocal8Bit().constData());
    });
  }
  int qt_argc = 1;  // our options are read; Qt sees none of them
  QApplication app(qt_argc, argv);
  QApplication::setApplicationName("xo-gui");
  QApplication::setOrganizationName("Crossover");
  const QString xo = tool_beside("xo");
  if (!options.screenshot.isEmpty()) return take_screenshot(options, xo);
  MainWindow window(xo, true);
  window.resize(options.size);
  window.loader().set_tolerate_damage(options.tolerate);
  window.set_timeline_start(options.timeline);
  window.show();
  if (!options.trace.isEmpty()) window.open_trace(options.trace);
  return QApplication::exec();
}
