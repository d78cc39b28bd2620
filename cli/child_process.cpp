#include "child_process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "argument_reader.hpp"
#include "stop_signals.hpp"

namespace xo::cli {

namespace {

// The child run_process_to_end waits for (0: none), for stop_running_child.
volatile std::sig_atomic_t g_running_child = 0;

// execvp's argument vector over `words`, which must outlive it.
std::vector<char*> argument_vector(std::vector<std::string>& words) {
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return argv;
}

}  // namespace

std::string ProcessEnd::text() const {
  if (signal == 0) return "exit " + std::to_string(exit_code);
  const char* name = sigabbrev_np(signal);
  std::string text = std::string("killed by SIG") + (name ? name : "?") + " (signal " + std::to_string(signal) + ")";
  if (signal == SIGKILL) {
    text += ": most likely the system ran out of memory and the kernel's out-of-memory killer ended it (dmesg tells)";
  } else if (signal == SIGSEGV || signal == SIGABRT || signal == SIGBUS || signal == SIGFPE) {
    text += ": it crashed";
  }
  return text;
}

int run_process(const std::vector<std::string>& command, const std::string& cannot_start, ChildStdout child_stdout) {
  return run_process_to_end(command, cannot_start, child_stdout).status();
}

ProcessEnd run_process_to_end(const std::vector<std::string>& command, const std::string& cannot_start,
                              ChildStdout child_stdout) {
  std::vector<std::string> words = command;
  std::vector<char*> argv = argument_vector(words);
  std::fflush(stdout);
  pid_t pid = 0;
  {
    // A stop between the fork and recording the child would find no child to pass it to.
    const StopSignalsBlocked blocked;
    pid = fork();
    if (pid == 0) {
      blocked.restore();
      if (child_stdout == ChildStdout::ToStderr) dup2(STDERR_FILENO, STDOUT_FILENO);
      execvp(argv[0], argv.data());
      std::fprintf(stderr, "xo: cannot run '%s': %s; %s\n", argv[0], std::strerror(errno), cannot_start.c_str());
      _exit(127);
    }
    if (pid > 0) g_running_child = pid;
  }
  int status = 0;
  const bool waited = pid > 0 && waitpid(pid, &status, 0) >= 0;
  g_running_child = 0;
  if (!waited) throw UsageError(std::string("cannot start a process: ") + std::strerror(errno));
  return WIFEXITED(status) ? ProcessEnd{WEXITSTATUS(status), 0} : ProcessEnd{0, WTERMSIG(status)};
}

void stop_running_child(int signal) {
  const pid_t child = g_running_child;
  if (child <= 0) return;
  kill(child, signal);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
}

std::string process_output(const std::vector<std::string>& command) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return "";
  std::vector<std::string> words = command;
  std::vector<char*> argv = argument_vector(words);
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  std::string output;
  char buffer[4096];
  for (ssize_t n; pid > 0 && (n = read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    output.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return "";
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

}  // namespace xo::cli
