#include "model/source_excerpt.hpp"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>

namespace xo::gui {

namespace {

constexpr qint64 kLargestSource = 64 << 20;  // a generated file beyond this is not worth showing

}  // namespace

SourceExcerpt source_excerpt(const QString& file, int line, int context) {
  SourceExcerpt e{file, line, 0, {}, {}};
  if (file.isEmpty()) {
    e.problem = "the trace names no source file for this call (build the program with -g)";
    return e;
  }
  if (line <= 0) {
    e.problem = QString("the trace names %1 but no line (build the program with -g)").arg(file);
    return e;
  }
  const QFileInfo info(file);
  if (!info.exists()) {
    e.problem = QString("%1 is not on this machine (the program was built elsewhere, or its source moved)").arg(file);
    return e;
  }
  if (!info.isFile() || info.size() > kLargestSource) {
    e.problem = QString("%1 is not a source file this view shows").arg(file);
    return e;
  }
  QFile source(file);
  if (!source.open(QIODevice::ReadOnly | QIODevice::Text)) {
    e.problem = QString("cannot read %1: %2").arg(file, source.errorString());
    return e;
  }
  QTextStream in(&source);
  e.first_line = std::max(1, line - context);
  for (int n = 1; !in.atEnd() && n <= line + context; ++n) {
    const QString text = in.readLine();
    if (n >= e.first_line) e.lines << text;
  }
  if (e.first_line + e.lines.size() <= line) {
    e.problem = QString("%1 has %2 lines, not %3: it changed since the program was built")
                    .arg(file)
                    .arg(e.first_line + e.lines.size() - 1)
                    .arg(line);
    e.lines.clear();
  }
  return e;
}

}  // namespace xo::gui
