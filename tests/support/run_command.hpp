#pragma once
// The tests' one run helper: runs a shell command line and captures its standard output, standard
// error and exit status.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "support/scratch_dir.hpp"

namespace xo::test {

struct CommandResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Tests never store runs in the user's own history: xo bench and xo report, which store by
// default, see XDG_DATA_HOME set to a directory of this test process, removed when it exits.
inline void isolate_history() {
  static const bool isolated = [] {
    static const std::string dir = "/tmp/xo-test-data-" + std::to_string(getpid());
    setenv("XDG_DATA_HOME", dir.c_str(), 1);
    std::atexit([] { std::system(("rm -rf " + dir).c_str()); });
    return true;
  }();
  (void)isolated;
}

inline CommandResult run_command(const std::string& command) {
  isolate_history();
  const ScratchDir captured("xo-command");
  const std::string out = captured.file("out"), err = captured.file("err");
  const int raw = std::system((command + " >" + out + " 2>" + err + " </dev/null").c_str());
  CommandResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = slurp(out);
  result.err = slurp(err);
  return result;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace xo::test
