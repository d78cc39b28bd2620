#pragma once
// The command line of xo-gui (`xo gui [--ranks LIST] [--expand-lanes] [--time A-B] [TRACE]`,
// `xo gui --screenshot out.png [--view V] [--size WxH] ... TRACE`), read before Qt starts so that a mistake is one line
// and exit status 2.

#include <QSize>
#include <QString>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "widgets/main_window.hpp"

namespace xo::gui {

class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GuiOptions {
  QString trace;       // empty: start without one
  QString screenshot;  // empty: interactive
  View view = View::Timeline;
  QSize size{1280, 800};
  bool tolerate = false;   // --tolerate: open a damaged trace anyway, marked as such
  TimelineStart timeline;  // --ranks, --expand-lanes, --time: how the timeline first shows
  bool help = false;
};

// "1.5ms", "200us", "3 s", "850ns": seconds, or nothing if it is not a time with a unit.
std::optional<double> parse_time_text(const QString& text);

// Throws OptionError naming the problem and the fix.
GuiOptions parse_gui_options(const std::vector<std::string>& args);

extern const char* const kGuiUsage;

// Renders the window with `options.trace` loaded into options.screenshot; the exit status.
int take_screenshot(const GuiOptions& options, const QString& xo_program);

}  // namespace xo::gui
