#pragma once
// What the benchmarks share: each measurement runs in a forked child, so that its peak resident
// memory (VmHWM) is its own and one run's heap cannot speed up or slow down the next; figures are
// medians over runs.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

namespace xo::bench {

// Peak resident memory of this process so far, in KiB.
inline double peak_rss_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6));
  }
  return 0;
}

// Runs `measure` in a child process and reads the Sample it returns back through a pipe; a
// default Sample if the child died.
template <class Measure>
auto run_in_child(const Measure& measure) {
  using Sample = decltype(measure());
  static_assert(std::is_trivially_copyable_v<Sample>, "a Sample crosses a pipe as bytes");
  int fds[2];
  if (pipe(fds) != 0) return Sample{};
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    const Sample sample = measure();
    (void)!write(fds[1], &sample, sizeof sample);
    _exit(0);
  }
  close(fds[1]);
  Sample sample;
  if (read(fds[0], &sample, sizeof sample) != static_cast<ssize_t>(sizeof sample)) sample = {};
  close(fds[0]);
  waitpid(pid, nullptr, 0);
  return sample;
}

// What running one shell command cost: its wall time, its peak resident memory and its exit
// status (128 + the signal if one ended it).
struct CommandFigures {
  double wall_s = 0;
  double peak_mib = 0;
  int status = -1;
};

// Runs `command` with /bin/sh, which execs it, so the child's peak memory is the command's own.
inline CommandFigures run_shell_command(const std::string& command) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  CommandFigures f;
  f.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.peak_mib = static_cast<double>(usage.ru_maxrss) / 1024;
  f.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return f;
}

// The options every benchmark takes: --quick (one short run, for the smoke tests) and --runs N.
struct RunCount {
  bool quick = false;
  int runs = 5;
};

// A count given to `option` as a whole number of at least `least`; false (after saying so) for
// anything else, such as "x" or "-3", rather than a silent 0 or 1.
inline bool read_count(const char* option, const char* text, int least, int& out) {
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || value < least || value > 1'000'000'000) {
    std::fprintf(stderr, "%s %s: give a whole number of %d or more\n", option, text, least);
    return false;
  }
  out = static_cast<int>(value);
  return true;
}

// Reads the options of RunCount from argv; false (after printing `usage`) for anything else.
inline bool read_run_count(int argc, char** argv, const char* usage, RunCount& count) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      count.quick = true;
      count.runs = 1;
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      if (!read_count("--runs", argv[++i], 1, count.runs)) return false;
    } else {
      std::fprintf(stderr, "usage: %s\n", usage);
      return false;
    }
  }
  return true;
}

inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace xo::bench
