#include "app/gui_options.hpp"

#include <QFileInfo>
#include <QRegularExpression>
#include <map>

namespace xo::gui {

// The whole help is `xo help gui` (cli/help_text.cpp); this is the reminder xo-gui gives alone.
const char* const kGuiUsage =
    "Usage: xo gui [--ranks LIST] [--expand-lanes] [--time FROM-TO] [--tolerate] [TRACE]\n"
    "       xo gui --screenshot OUT.png|OUT.svg [--view timeline|summary|fits|recommendations|history] [--size WxH]\n"
    "              [--ranks LIST] [--expand-lanes] [--time FROM-TO] [--tolerate] TRACE\n"
    "See `xo help gui` for the views and the mouse and keyboard controls.\n";

std::optional<double> parse_time_text(const QString& text) {
  static const QRegularExpression time(R"(^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(s|ms|us|µs|ns)\s*$)");
  const auto match = time.match(text);
  if (!match.hasMatch()) return std::nullopt;
  const QString unit = match.captured(2);
  const double scale = unit == "s" ? 1 : unit == "ms" ? 1e-3 : unit == "ns" ? 1e-9 : 1e-6;
  return match.captured(1).toDouble() * scale;
}

GuiOptions parse_gui_options(const std::vector<std::string>& args) {
  GuiOptions o;
  std::vector<std::string> operands;
  std::map<std::string, std::string> given;  // option -> value: one given twice must agree
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* what) {
      if (i + 1 >= args.size()) throw OptionError(a + " needs a value: " + what);
      const std::string& v = args[++i];
      const auto [at, added] = given.emplace(a, v);
      if (!added && at->second != v) {
        throw OptionError(a + " is given twice, as " + at->second + " and as " + v + ": give it once");
      }
      return QString::fromStdString(v);
    };
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--tolerate") {
      o.tolerate = true;
    } else if (a == "--ranks") {
      o.timeline.ranks = value("ranks such as 0-15,32, or a communicator's name, e.g. --ranks 0-7");
      if (o.timeline.ranks.trimmed().isEmpty())
        throw OptionError("--ranks needs ranks, e.g. --ranks 0-7 or --ranks 0,4,8");
    } else if (a == "--expand-lanes") {
      o.timeline.expand_lanes = true;
    } else if (a == "--time") {
      const QString text = value("a time range with units, e.g. --time 100us-250us");
      const qsizetype dash = text.indexOf('-', 1);
      const auto from = dash > 0 ? parse_time_text(text.left(dash)) : std::nullopt;
      const auto to = dash > 0 ? parse_time_text(text.mid(dash + 1)) : std::nullopt;
      if (!from || !to || *to <= *from) {
        throw OptionError("--time " + text.toStdString() +
                          ": give FROM-TO with units, the later second, e.g. --time 100us-250us or --time 1.2ms-1.5ms");
      }
      o.timeline.time = std::pair{*from, *to};
    } else if (a == "--screenshot") {
      o.screenshot = value("the PNG file to write, e.g. --screenshot timeline.png");
    } else if (a == "--view") {
      const QString name = value("timeline, summary, fits, recommendations or history");
      const auto view = view_named(name);
      if (!view)
        throw OptionError("--view " + name.toStdString() + ": choose " + view_names().join(", ").toStdString());
      o.view = *view;
    } else if (a == "--size") {
      const QString text = value("WIDTHxHEIGHT, e.g. --size 1200x800");
      const auto match = QRegularExpression("^(\\d{2,5})x(\\d{2,5})$").match(text);
      if (!match.hasMatch())
        throw OptionError("--size " + text.toStdString() + ": give WIDTHxHEIGHT in pixels, e.g. 1200x800");
      o.size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
      if (o.size.width() < 200 || o.size.height() < 150 || o.size.width() > 8000 || o.size.height() > 8000) {
        throw OptionError("--size " + text.toStdString() + ": choose between 200x150 and 8000x8000");
      }
    } else if (a == "--") {
      operands.insert(operands.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    } else if (!a.empty() && a[0] == '-') {
      throw OptionError("unknown option '" + a + "'; see `xo help gui`");
    } else {
      operands.push_back(a);
    }
  }
  if (operands.size() > 1) throw OptionError("give one trace: xo gui [TRACE]");
  if (!operands.empty()) o.trace = QString::fromStdString(operands[0]);
  if (!o.screenshot.isEmpty() && o.trace.isEmpty()) {
    throw OptionError("--screenshot needs a trace: xo gui --screenshot OUT.png [--view VIEW] TRACE");
  }
  // Checked before the trace is read: a screenshot goes into a directory that exists.
  if (!o.screenshot.isEmpty()) {
    const QFileInfo file(o.screenshot);
    const QString dir = file.absolutePath();
    if (file.isDir())
      throw OptionError("--screenshot " + o.screenshot.toStdString() + " is a directory; give a PNG or SVG file");
    const QString suffix = file.suffix().toLower();
    if (suffix != "png" && suffix != "svg") {
      throw OptionError("--screenshot " + o.screenshot.toStdString() +
                        ": give a file name ending in .png (pixels) or .svg (vectors)");
    }
    if (!QFileInfo(dir).isDir()) {
      throw OptionError("--screenshot " + o.screenshot.toStdString() + ": the directory " + dir.toStdString() +
                        " does not exist; create it (mkdir -p " + dir.toStdString() + ") or choose another path");
    }
  }
  return o;
}

}  // namespace xo::gui
