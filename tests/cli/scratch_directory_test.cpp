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

#include "child_process.hpp"
#include "support/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

// A TMPDIR of this test's own, so that other processes' scratch directories are never touched.
class OwnTmpdir {
 public:
  OwnTmpdir() { setenv("TMPDIR", dir_.path().c_str(), 1); }
  ~OwnTmpdir() { unsetenv("TMPDIR"); }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_.path()), {}));
  }
  const std::string& path() const { return dir_.path(); }

 private:
  xo::test::ScratchDir dir_{"xo-scratch-test"};
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

// xo report re-records the program in a child that writes into the scratch directory: stopped
// with SIGTERM, xo passes the signal on and waits for the child before removing the directory, so
// that a child left running cannot write it back after it is gone.
TEST(ScratchDirectory, SigtermStopsTheChildBeforeRemovingIt) {
  OwnTmpdir tmp;
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t xo = fork();
  if (xo == 0) {
    close(ready[0]);
    xo::cli::ScratchDirectory scratch("report-verify");
    // The child works for a while, then writes its trace into the directory (unless stopped).
    const std::string script = "trap 'exit 143' TERM; echo > /dev/fd/" + std::to_string(ready[1]) +
                               "; for i in 1 2 3 4 5 6; do sleep 0.05; done; mkdir -p " + scratch.path() + "/late";
    xo::cli::run_process_to_end({"sh", "-c", script}, "");
    _exit(0);
  }
  close(ready[1]);
  char byte = 0;
  ASSERT_EQ(read(ready[0], &byte, 1), 1);  // the child runs and has its trap
  close(ready[0]);
  kill(xo, SIGTERM);
  int status = 0;
  waitpid(xo, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  usleep(600 * 1000);  // a child left running would have written by now
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
