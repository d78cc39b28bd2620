#pragma once
// A temporary directory for one step of a command (the report's bench traces, --verify's
// recording), removed on every way out: when the object goes (return or exception), on SIGINT,
// SIGTERM and SIGHUP (the GUI stops a report with SIGTERM), and, for the ways no handler sees
// (SIGKILL, the kernel's OOM killer), by the next command that makes one: directory names carry
// the owner's pid, and directories whose owner is gone are swept.

#include <string>

namespace xo::cli {

class ScratchDirectory {
 public:
  // Makes $TMPDIR/xo-<purpose>-<pid>-XXXXXX (TMPDIR defaults to /tmp); throws std::runtime_error
  // naming the directory and the fix if it cannot.
  explicit ScratchDirectory(const std::string& purpose);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int slot_ = -1;  // in the signal handler's table
};

}  // namespace xo::cli
