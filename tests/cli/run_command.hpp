#pragma once
// Runs a shell command line and captures its standard output, standard error and exit status.

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

inline CommandResult run_command(const std::string& command) {
  char dir[] = "/tmp/xo-test-XXXXXX";
  if (mkdtemp(dir) == nullptr) return {};
  const std::string out = std::string(dir) + "/out", err = std::string(dir) + "/err";
  const int raw = std::system((command + " >" + out + " 2>" + err + " </dev/null").c_str());
  CommandResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = slurp(out);
  result.err = slurp(err);
  std::system((std::string("rm -rf ") + dir).c_str());
  return result;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace xo::test
