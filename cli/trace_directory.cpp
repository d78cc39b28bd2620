#include "trace_directory.hpp"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "argument_reader.hpp"

namespace xo::cli {

namespace fs = std::filesystem;

std::string default_trace_dir(const std::string& program) {
  return fs::path(program).filename().string() + ".otf2";
}

void prepare_trace_dir(const std::string& dir, bool force) {
  const fs::path path(dir);
  std::error_code error;
  if (fs::exists(path, error) && !fs::is_directory(path, error)) {
    throw UsageError("-o " + dir + ": that is a file, not a directory; name a directory for the trace");
  }
  if (fs::exists(path / "traces.otf2", error)) {
    if (!force) {
      throw UsageError("-o " + dir + " already holds a trace (traces.otf2); pass --force to replace it, or choose "
                       "another directory with -o");
    }
    for (const char* part : {"traces.otf2", "traces.def", "traces"}) {
      fs::remove_all(path / part, error);
      if (error) {
        throw UsageError("cannot remove the old trace's " + (path / part).string() + ": " + error.message() +
                         "; remove it by hand or choose another directory with -o");
      }
    }
  }
  fs::create_directories(path, error);
  if (error) {
    throw UsageError("cannot create the trace directory " + dir + ": " + error.message() +
                     "; choose a writable location with -o DIR");
  }
  if (access(dir.c_str(), W_OK | X_OK) != 0) {
    throw UsageError("cannot write to the trace directory " + dir + ": permission denied; choose a writable "
                     "location with -o DIR");
  }
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    const bool plain = !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
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
