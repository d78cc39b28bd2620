#pragma once
// The lines of a program's source around one line, for the source view of a selected MPI call (its
// call site: file and line from the program's debug information). The file is read when asked, as
// the trace names it; a program built elsewhere, moved or built without -g says so instead.

#include <QString>
#include <QStringList>

namespace xo::gui {

struct SourceExcerpt {
  QString file;
  int line = 0;        // the call's line, 1-based; 0 if unknown
  int first_line = 0;  // the line of lines.front()
  QStringList lines;
  QString problem;  // why there are no lines; empty if there are
};

// At most `context` lines before and after `line` (the whole file when it is short).
SourceExcerpt source_excerpt(const QString& file, int line, int context = 12);

}  // namespace xo::gui
