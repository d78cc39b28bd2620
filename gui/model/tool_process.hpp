#pragma once
// Runs one of xo's own programs as a child process from a worker thread (never the GUI thread)
// and waits for it, polling a stop flag so a newer request can cancel it: `xo report` for the
// recommendations, `xo history export` for the history.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>

namespace xo::gui {

struct ToolResult {
  bool started = false;
  bool cancelled = false;
  bool timed_out = false;
  bool crashed = false;
  int exit_code = -1;
  QByteArray out;
  QString err;            // standard error, trimmed; or why the program could not run
  double peak_bytes = 0;  // the most memory it was seen to hold (its resident set, sampled)

  bool ok() const { return started && !cancelled && !timed_out && !crashed && exit_code == 0; }
  // Why it did not succeed, in words: "killed by SIGKILL (signal 9) holding 15.8 GB of memory:
  // most likely the system ran out of memory ...", "timed out after 600 s", "exit 2", followed by
  // the last line it printed.
  QString failure(int timeout_ms) const;
};

// `on_line`, if given, sees each line of standard error as it comes (xo's progress lines), from
// the calling thread.
ToolResult run_tool(const QString& program, const QStringList& args, const std::atomic<bool>& stop, int timeout_ms,
                    const std::function<void(const QString&)>& on_line = {});

// `name` beside the running executable (xo-gui finds xo there), or beside `directory` if given.
QString tool_beside(const QString& name, const QString& directory = {});

}  // namespace xo::gui
