#pragma once
// Runs another program and waits for it, the way a shell would, for xo cc (the compiler) and
// xo report --verify (xo record of the recorded command).

#include <string>
#include <vector>

namespace xo::cli {

// Where the program's standard output goes: ours, or our standard error (so that a report on
// standard output stays the report alone).
enum class ChildStdout { Inherited, ToStderr };

// How a program ended: its exit code, or the signal that killed it.
struct ProcessEnd {
  int exit_code = 0;
  int signal = 0;  // 0 if it exited

  int status() const { return signal != 0 ? 128 + signal : exit_code; }  // as a shell gives it
  // "exit 2", or "killed by SIGKILL (signal 9): most likely the system ran out of memory ...":
  // the signal named, with what most often sends it.
  std::string text() const;
};

// How the program ended; exit code 127 if it could not be started (after printing `cannot_start`,
// which should name the fix).
ProcessEnd run_process_to_end(const std::vector<std::string>& command, const std::string& cannot_start,
                              ChildStdout child_stdout = ChildStdout::Inherited);
// The same, as the status a shell gives: the exit code, or 128 + the signal.
int run_process(const std::vector<std::string>& command, const std::string& cannot_start,
                ChildStdout child_stdout = ChildStdout::Inherited);
// For a fatal-signal handler of ours (async-signal-safe): passes `signal` on to the program
// run_process_to_end is waiting for, if any, and waits for it to end, so that a stopped xo leaves
// no child behind writing into directories the handler is about to remove.
void stop_running_child(int signal);

// What the program prints on stdout, without its last newline; "" if it cannot run or fails.
std::string process_output(const std::vector<std::string>& command);

}  // namespace xo::cli
