#include "xo/experiments/parallel_runs.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

namespace xo::experiments {

namespace {

// An outcome through a pipe: its fields as length-prefixed text (the run's name, trace and error
// are arbitrary text).
void put(std::string& out, const std::string& field) { out += std::to_string(field.size()) + ":" + field; }

std::string encode(const RunOutcome& o) {
  std::string out;
  put(out, o.name);
  put(out, o.anchor);
  put(out, std::to_string(o.events));
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%a", o.virtual_seconds);  // exact, as the serial run's
  put(out, seconds);
  put(out, o.error);
  return out;
}

RunOutcome decode(const std::string& text, const std::string& name) {
  std::vector<std::string> fields;
  for (std::size_t at = 0; at < text.size() && fields.size() < 5;) {
    const std::size_t colon = text.find(':', at);
    if (colon == std::string::npos) break;
    const std::size_t length = std::stoul(text.substr(at, colon - at));
    fields.push_back(text.substr(colon + 1, length));
    at = colon + 1 + length;
  }
  if (fields.size() != 5) return {name, "", 0, 0, "the bench run's process ended without a result"};
  return {fields[0], fields[1], std::stoull(fields[2]), std::strtod(fields[3].c_str(), nullptr), fields[4]};
}

std::string read_all(int fd) {
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

struct Child {
  std::size_t run;
  int fd;
};

}  // namespace

std::vector<ProcessResult> run_in_processes(std::size_t count, int jobs,
                                            const std::function<std::string(std::size_t)>& run,
                                            const std::function<void(std::size_t done, std::size_t started)>& started) {
  std::vector<ProcessResult> results(count);
  if (jobs <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      started(i, i);
      results[i].bytes = run(i);
    }
    return results;
  }
  std::fflush(nullptr);  // nothing buffered is written twice
  std::map<pid_t, Child> running;
  std::size_t next = 0, done = 0;
  while (done < count) {
    while (next < count && running.size() < static_cast<std::size_t>(jobs)) {
      int fds[2];
      if (pipe(fds) != 0) throw std::runtime_error(std::string("cannot start a run: ") + std::strerror(errno));
      started(done, next);
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error(std::string("cannot start a run: ") + std::strerror(errno));
      if (pid == 0) {  // the child: one run, its bytes to the parent, and out without unwinding
        close(fds[0]);
        std::string text;
        try {
          text = 'r' + run(next);
        } catch (const std::exception& e) {  // never back into the parent's loop
          text = std::string("e") + e.what();
        } catch (...) {
          text = "ean exception that is not a std::exception";
        }
        for (std::size_t at = 0; at < text.size();) {
          const ssize_t n = write(fds[1], text.data() + at, text.size() - at);
          if (n <= 0) break;
          at += static_cast<std::size_t>(n);
        }
        std::fflush(nullptr);
        _exit(0);
      }
      close(fds[1]);
      running[pid] = {next++, fds[0]};
    }
    // The oldest child's bytes, read whole before waiting for it (the pipe closes when it exits;
    // reading first means no child ever blocks on a full pipe).
    const auto first = running.begin();
    const Child child = first->second;
    const std::string text = read_all(child.fd);
    close(child.fd);
    int status = 0;
    waitpid(first->first, &status, 0);
    running.erase(first);
    ProcessResult& result = results[child.run];
    if (!text.empty() && text[0] == 'r') {
      result.bytes = text.substr(1);
    } else if (!text.empty()) {
      result.error = text.substr(1);
    } else if (WIFSIGNALED(status)) {
      result.error = std::string("the run's process was ended by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                     strsignal(WTERMSIG(status)) + ")";
    } else {
      result.error = "the run's process ended without a result";
    }
    ++done;
  }
  return results;
}

std::vector<RunOutcome> run_in_parallel(std::size_t count, int jobs, const std::function<RunOutcome(std::size_t)>& run,
                                        const std::function<void(std::size_t done, std::size_t started)>& started,
                                        const std::function<std::string(std::size_t)>& name_of) {
  std::vector<RunOutcome> outcomes(count);
  const auto results = run_in_processes(
      count, jobs, [&](std::size_t i) { return encode(run(i)); }, started);
  for (std::size_t i = 0; i < count; ++i) {
    outcomes[i] = results[i].error.empty() ? decode(results[i].bytes, name_of(i))
                                           : RunOutcome{name_of(i), "", 0, 0, results[i].error};
  }
  return outcomes;
}

}  // namespace xo::experiments
