#pragma once
// A temporary directory for one step of a command (the report's bench traces, --verify's
// recording), removed on every way out: when the object goes (return or exception), on SIGINT,
// SIGTERM and SIGHUP (the GUI stops a report with SIGTERM), and, for the ways no handler sees
// (SIGKILL, the kernel's OOM killer), by the next command that makes one: directory names carry
// the owner's pid, and directories whose owner is gone are swept.

#include <string>

namespace xo::cli {

// Where the files go when TMPDIR is not set. The report's bench traces are small, many-filed and
// read once (an event and a definition file per location): on a memory file system (/dev/shm,
// when it has 1 GiB free) creating them costs a fraction of what it costs on a disk's (halving a
// 64-rank report's first bench, bench/report_speed). A user's own program's traces (--verify,
// the simulated recommendations) may be large, so they go to /tmp.
enum class ScratchStorage { Disk, MemoryIfRoom };

class ScratchDirectory {
 public:
  // Makes $TMPDIR/xo-<purpose>-<pid>-XXXXXX (without TMPDIR: /tmp, or /dev/shm for MemoryIfRoom
  // when it has room); throws std::runtime_error naming the directory and the fix if it cannot.
  explicit ScratchDirectory(const std::string& purpose, ScratchStorage storage = ScratchStorage::Disk);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int slot_ = -1;  // in the signal handler's table
};

}  // namespace xo::cli
