#pragma once
// Runs another program and waits for it, the way a shell would, for xo cc (the compiler) and
// xo report --verify (xo record of the recorded command).

#include <string>
#include <vector>

namespace xo::cli {

// Where the program's standard output goes: ours, or our standard error (so that a report on
// standard output stays the report alone).
enum class ChildStdout { Inherited, ToStderr };

// The program's exit status, or 128 + the signal that ended it; 127 if it could not be started
// (after printing `cannot_start`, which should name the fix).
int run_process(const std::vector<std::string>& command, const std::string& cannot_start,
                ChildStdout child_stdout = ChildStdout::Inherited);
// What the program prints on stdout, without its last newline; "" if it cannot run or fails.
std::string process_output(const std::vector<std::string>& command);

}  // namespace xo::cli
