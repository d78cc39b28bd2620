#include "trace_directory.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "argument_reader.hpp"

namespace xo::cli {

namespace fs = std::filesystem;

std::string default_trace_dir(const std::string& program) { return fs::path(program).filename().string() + ".otf2"; }

namespace {

constexpr const char* kArchiveParts[] = {"traces.otf2", "traces.def", "traces"};

void remove_archive(const fs::path& dir) {
  std::error_code error;
  for (const char* part : kArchiveParts) {
    fs::remove_all(dir / part, error);
    if (error) {
      throw UsageError("cannot remove the old trace's " + (dir / part).string() + ": " + error.message() +
                       "; remove it by hand or choose another directory with -o");
    }
  }
}

}  // namespace

std::string old_trace_dir(const std::string& dir) {
  std::string name = dir;
  while (name.size() > 1 && name.back() == '/') name.pop_back();
  const std::string last = fs::path(name).filename().string();
  if (last.empty() || last == "." || last == "..") {  // "." or "..": name the directory by its real name
    fs::path real = fs::absolute(fs::path(name)).lexically_normal();
    if (real.filename().empty()) real = real.parent_path();
    return real.string() + ".old";
  }
  return name + ".old";
}

void say_trace_moved(const std::string& dir) {
  std::fprintf(stderr, "xo: the earlier trace in %s was moved to %s (--force replaces it instead)\n", dir.c_str(),
               old_trace_dir(dir).c_str());
}

void say_bench_traces_moved(const std::string& out_dir) {
  std::fprintf(stderr,
               "xo: the earlier bench's traces in %s/ were moved beside them, to RUN.old (--force replaces them "
               "instead)\n",
               out_dir.c_str());
}

bool prepare_trace_dir(const std::string& dir, bool force) {
  const fs::path path(dir);
  std::error_code error;
  if (fs::exists(path, error) && !fs::is_directory(path, error)) {
    throw UsageError("-o " + dir + ": that is a file, not a directory; name a directory for the trace");
  }
  bool moved = false;
  if (fs::exists(path / "traces.otf2", error)) {
    if (force) {
      remove_archive(path);
    } else {
      const fs::path old(old_trace_dir(dir));
      fs::create_directories(old, error);
      if (!error) remove_archive(old);
      for (const char* part : kArchiveParts) {
        if (error || !fs::exists(path / part)) continue;
        fs::rename(path / part, old / part, error);
      }
      if (error) {
        throw UsageError("-o " + dir + " holds a trace that could not be moved to " + old.string() + " (" +
                         error.message() + "); pass --force to replace it, or choose another directory with -o");
      }
      moved = true;
    }
  }
  fs::create_directories(path, error);
  if (error) {
    throw UsageError("cannot create the trace directory " + dir + ": " + error.message() +
                     "; choose a writable location with -o DIR");
  }
  if (access(dir.c_str(), W_OK | X_OK) != 0) {
    throw UsageError("cannot write to the trace directory " + dir +
                     ": permission denied; choose a writable "
                     "location with -o DIR");
  }
  return moved;
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./=:,+@%") == std::string::npos;
    if (plain) {
      out += w;
      continue;
    }
    out += '\'';
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

std::vector<std::string> split_shell_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false, quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '\'') {
        quoted = false;
      } else {
        word += c;
      }
    } else if (c == '\'') {
      quoted = in_word = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      in_word = true;
    } else if (c == ' ') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quoted) throw UsageError("unterminated quote in '" + text + "'");
  if (in_word) words.push_back(word);
  return words;
}

std::string trace_anchor(const std::string& trace) {
  std::error_code error;
  return fs::is_directory(trace, error) ? (fs::path(trace) / "traces.otf2").string() : trace;
}

}  // namespace xo::cli
