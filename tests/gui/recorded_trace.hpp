#pragma once
// Traces for the GUI's tests, recorded by xo record from the bundled examples (--compute=none,
// so the same every time) into a directory that lives as long as the test.

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

#include "xo/analyzer/read_trace.hpp"

namespace xo::gui::test {

// The GUI runs xo report, which stores in the default history: the tests' runs go to a directory
// of the test process instead (XDG_DATA_HOME), never to the user's.
inline void isolate_history() {
  static QTemporaryDir data;
  qputenv("XDG_DATA_HOME", data.path().toUtf8());
}

// Records `example` (with `args`) on `ranks` ranks of the XT3 into dir/name, with xo record's
// `options` too (--profile); empty on failure.
inline QString record(const QTemporaryDir& dir, const QString& name, const QString& example, int ranks,
                      const QStringList& args = {}, const QStringList& options = {}) {
  isolate_history();
  const QString out = dir.filePath(name);
  QProcess xo;
  xo.start(XO_BINARY,
           QStringList{"record", "-q", "-n", QString::number(ranks), "-m", "xt3", "--compute=none", "-o", out} +
               options + QStringList{QString(XO_EXAMPLES_DIR) + "/" + example} + args);
  if (!xo.waitForFinished(60000) || xo.exitCode() != 0) return {};
  return out;
}

inline std::shared_ptr<const analyzer::TraceModel> read(const QString& trace) {
  return std::make_shared<const analyzer::TraceModel>(analyzer::read_trace((trace + "/traces.otf2").toStdString()));
}

}  // namespace xo::gui::test
