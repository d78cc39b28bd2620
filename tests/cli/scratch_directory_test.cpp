// The scratch directories of xo report: gone after a return, an exception, SIGTERM (how the GUI
// stops a report), and, after SIGKILL, swept by the next one made.

#include "scratch_directory.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

// A TMPDIR of this test's own, so that other processes' scratch directories are never touched.
class OwnTmpdir {
 public:
  OwnTmpdir() {
    char pattern[] = "/tmp/xo-scratch-test-XXXXXX";
    path_ = mkdtemp(pattern);
    setenv("TMPDIR", path_.c_str(), 1);
  }
  ~OwnTmpdir() {
    unsetenv("TMPDIR");
    fs::remove_all(path_);
  }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path_), {})); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The pid of a process that has exited and been reaped.
pid_t dead_pid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

}  // namespace

TEST(ScratchDirectory, IsMadeUnderTmpdirWithItsOwnersPidAndRemovedWhenDone) {
  OwnTmpdir tmp;
  std::string path;
  {
    xo::cli::ScratchDirectory scratch("report-bench");
    path = scratch.path();
    EXPECT_EQ(path.rfind(tmp.path() + "/xo-report-bench-" + std::to_string(getpid()) + "-", 0), 0u) << path;
    std::ofstream(path + "/trace") << "data";
    EXPECT_TRUE(fs::exists(path + "/trace"));
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(tmp.entries(), 0u);
}

TEST(ScratchDirectory, SigtermRemovesItAndStillEndsTheProcess) {
  OwnTmpdir tmp;
  const pid_t child = fork();
  if (child == 0) {
    xo::cli::ScratchDirectory scratch("report-bench");
    std::ofstream(scratch.path() + "/trace") << "data";
    raise(SIGTERM);
    _exit(0);  // not reached: the signal ends the process
  }
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "the handler re-raises the signal";
  EXPECT_EQ(tmp.entries(), 0u);
}

TEST(ScratchDirectory, SweepsDirectoriesOfProcessesThatAreGoneButNoOthers) {
  OwnTmpdir tmp;
  const std::string orphan = tmp.path() + "/xo-report-bench-" + std::to_string(dead_pid()) + "-abc123";
  const std::string alive = tmp.path() + "/xo-report-bench-" + std::to_string(getppid()) + "-abc123";
  const std::string other = tmp.path() + "/xo-report-bench-notapid";
  for (const auto& d : {orphan, alive, other}) fs::create_directories(d + "/traces");
  { xo::cli::ScratchDirectory scratch("report-verify"); }
  EXPECT_FALSE(fs::exists(orphan)) << "its owner is gone (killed by SIGKILL, say)";
  EXPECT_TRUE(fs::exists(alive)) << "its owner runs";
  EXPECT_TRUE(fs::exists(other)) << "not a name this scheme makes";
}
