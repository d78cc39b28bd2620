#pragma once
// Progress of a long step on stderr: one line rewritten in place on a terminal, a line per new
// step otherwise (a log stays readable).

#include <unistd.h>

#include <cstdio>
#include <string>

namespace xo::cli {

class ProgressLine {
 public:
  ProgressLine() : terminal_(isatty(STDERR_FILENO) != 0) {}
  void show(const std::string& what, std::size_t done, std::size_t total) {
    char line[160];
    std::snprintf(line, sizeof line, "[%3zu/%zu] %s", done, total, what.c_str());
    if (terminal_) {
      std::fprintf(stderr, "\r%-100.100s", line);
      if (done == total) std::fprintf(stderr, "\r%-100s\r", "");
    } else if (done < total && what != last_) {
      std::fprintf(stderr, "%s\n", line);
    }
    last_ = what;
  }

 private:
  bool terminal_;
  std::string last_;
};

}  // namespace xo::cli
