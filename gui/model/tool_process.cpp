#include "model/tool_process.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>

namespace xo::gui {

ToolResult run_tool(const QString& program, const QStringList& args, const std::atomic<bool>& stop, int timeout_ms,
                    const std::function<void(const QString&)>& on_line) {
  ToolResult r;
  QProcess process;
  process.start(program, args);
  if (!process.waitForStarted(10000)) {
    r.err = QString("cannot run %1: %2").arg(program, process.errorString());
    return r;
  }
  r.started = true;
  QElapsedTimer clock;
  clock.start();
  QByteArray err;
  qsizetype reported = 0;  // bytes of `err` already passed to on_line
  auto read_err = [&] {
    err += process.readAllStandardError();
    if (!on_line) return;
    for (qsizetype end; (end = err.indexOf('\n', reported)) >= 0; reported = end + 1) {
      on_line(QString::fromUtf8(err.mid(reported, end - reported)).trimmed());
    }
  };
  // The process's own pipes fill up unless read while it runs.
  while (!process.waitForFinished(100)) {
    r.out += process.readAllStandardOutput();
    read_err();
    if (stop.load()) {
      r.cancelled = true;
    } else if (clock.elapsed() > timeout_ms) {
      r.timed_out = true;
    } else {
      continue;
    }
    // SIGTERM first: xo removes its temporary directories on it (a report's bench traces).
    process.terminate();
    if (!process.waitForFinished(3000)) {
      process.kill();
      process.waitForFinished(5000);
    }
    return r;
  }
  r.out += process.readAllStandardOutput();
  read_err();
  r.err = QString::fromUtf8(err).trimmed();
  r.crashed = process.exitStatus() == QProcess::CrashExit;
  r.exit_code = process.exitCode();
  return r;
}

QString tool_beside(const QString& name, const QString& directory) {
  const QString dir = directory.isEmpty() ? QCoreApplication::applicationDirPath() : directory;
  return QDir(dir).filePath(name);
}

}  // namespace xo::gui
