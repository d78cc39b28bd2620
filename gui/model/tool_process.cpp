#include "model/tool_process.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <algorithm>
#include <csignal>
#include <cstring>

#include "model/display_text.hpp"

namespace xo::gui {

namespace {

// A running process's resident set in bytes (Linux: /proc/PID/status), or 0.
double resident_bytes(qint64 pid) {
  QFile status(QString("/proc/%1/status").arg(pid));
  if (!status.open(QIODevice::ReadOnly)) return 0;
  for (const QByteArray& line : status.readAll().split('\n')) {
    if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').value(0).toDouble() * 1024;
  }
  return 0;
}

}  // namespace

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
    r.peak_bytes = std::max(r.peak_bytes, resident_bytes(process.processId()));
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

namespace {

// A signal that ended the program, and what most often sends it; with the memory it held.
QString killed_text(int signal, double peak_bytes) {
  const char* name = sigabbrev_np(signal);
  QString text = QString("killed by SIG%1 (signal %2)").arg(name ? name : "?").arg(signal);
  if (peak_bytes > 0) text += " holding " + size_text(peak_bytes) + " of memory";
  if (signal == SIGKILL) {
    text +=
        ": most likely the system ran out of memory and the kernel's out-of-memory killer ended it (dmesg "
        "tells); free memory, or give the machine more";
  } else if (signal == SIGSEGV || signal == SIGABRT || signal == SIGBUS || signal == SIGFPE) {
    text += ": it crashed; please report it with the trace";
  }
  return text;
}

}  // namespace

QString ToolResult::failure(int timeout_ms) const {
  QString why;
  if (!started) return err;
  if (timed_out) {
    why = QString("timed out after %1 s").arg(timeout_ms / 1000);
  } else if (crashed) {
    why = killed_text(exit_code, peak_bytes);  // QProcess gives the signal as the exit code of a crash
  } else {
    why = QString("exit %1").arg(exit_code);
  }
  const QString last = err.section('\n', -1).trimmed();
  return last.isEmpty() ? why : why + "; it said: " + last;
}

QString tool_beside(const QString& name, const QString& directory) {
  const QString dir = directory.isEmpty() ? QCoreApplication::applicationDirPath() : directory;
  return QDir(dir).filePath(name);
}

}  // namespace xo::gui
