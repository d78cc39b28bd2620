#include "model/report_progress.hpp"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace xo::gui {

namespace {

QString seconds_words(double seconds) {
  if (seconds < 90) return QString("%1 s").arg(std::max(1.0, std::round(seconds)));
  return QString("%1 min").arg(std::round(seconds / 60));
}

}  // namespace

std::optional<ReportStep> parse_report_step(const QString& line) {
  static const QRegularExpression step(R"(^\[\s*(\d+)\s*/\s*(\d+)\s*\]\s*([^:]*)(?::\s*(.*))?$)");
  const auto match = step.match(line.trimmed());
  if (!match.hasMatch()) return std::nullopt;
  ReportStep s{match.captured(1).toLongLong(), match.captured(2).toLongLong(), match.captured(3).trimmed(),
               match.captured(4).trimmed()};
  if (s.total <= 0 || s.done > s.total) return std::nullopt;
  return s;
}

QString ReportProgress::update(const QString& line, double elapsed) {
  const auto s = parse_report_step(line);
  if (!s) return line;
  if (s->stage != stage_ || s->done < done_) {
    stage_ = s->stage;
    stage_start_ = elapsed;
  }
  done_ = s->done;
  QString text = QString("%1, %2 of %3 done").arg(s->stage).arg(s->done).arg(s->total);
  if (!s->detail.isEmpty()) text += " (" + s->detail + ")";
  text += "; " + seconds_words(elapsed) + " so far";
  if (s->done > 0 && s->done < s->total) {
    const double pace = (elapsed - stage_start_) / static_cast<double>(s->done);
    text += ", about " + seconds_words(pace * static_cast<double>(s->total - s->done)) + " left for this stage";
  }
  return text;
}

}  // namespace xo::gui
