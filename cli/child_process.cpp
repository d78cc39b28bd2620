#include "child_process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "argument_reader.hpp"

namespace xo::cli {

int run_process(const std::vector<std::string>& command, const std::string& cannot_start) {
  std::vector<std::string> words = command;
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "xo: cannot run '%s': %s; %s\n", argv[0], std::strerror(errno), cannot_start.c_str());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) throw UsageError(std::string("cannot start a process: ") + std::strerror(errno));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace xo::cli
