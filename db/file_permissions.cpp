#include "file_permissions.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <optional>
#include <vector>

namespace xo::db {

namespace {

namespace fs = std::filesystem;

// What a file or directory is and why the access is refused.
struct Obstacle {
  std::string file;
  struct stat status {};
  char permission = 'r';  // the one missing: 'r', 'w' or 'x'
  bool read_only_file_system = false;
};

// The permission bits as ls shows them: "rw-r--r--".
std::string mode_text(mode_t mode) {
  std::string text = "rwxrwxrwx";
  for (int bit = 0; bit < 9; ++bit) {
    if ((mode & (0400 >> bit)) == 0) text[static_cast<std::size_t>(bit)] = '-';
  }
  return text;
}

std::string owner_name(uid_t uid) {
  if (uid == geteuid()) return "you";
  struct passwd entry {};
  struct passwd* found = nullptr;
  char buffer[1024];
  if (getpwuid_r(uid, &entry, buffer, sizeof buffer, &found) == 0 && found != nullptr) return found->pw_name;
  return "user " + std::to_string(uid);
}

// Whether this process (by its effective ids, as the kernel checks an open) may use `file` so;
// errno otherwise.
int access_error(const std::string& file, int mode) {
  return faccessat(AT_FDCWD, file.c_str(), mode, AT_EACCESS) == 0 ? 0 : errno;
}

// An obstacle when `file` exists and `mode` is refused by its permissions or a read-only mount.
std::optional<Obstacle> obstacle(const std::string& file, int mode) {
  Obstacle found{file};
  if (stat(file.c_str(), &found.status) != 0) return std::nullopt;  // missing: not a permission problem
  for (const auto& [bit, letter] : {std::pair{R_OK, 'r'}, std::pair{W_OK, 'w'}, std::pair{X_OK, 'x'}}) {
    if ((mode & bit) == 0) continue;
    const int error = access_error(file, bit);
    if (error == 0) continue;
    if (error != EACCES && error != EPERM && error != EROFS) return std::nullopt;
    found.permission = letter;
    found.read_only_file_system = error == EROFS;
    return found;
  }
  return std::nullopt;
}

// The first directory from the root down to `dir` that may not be entered. A part that is missing
// or not a directory ends the search: that is no matter of permissions.
std::optional<Obstacle> closed_directory(const fs::path& dir) {
  fs::path prefix;
  for (const fs::path& part : dir) {
    prefix /= part;
    struct stat status {};
    if (stat(prefix.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) return std::nullopt;
    if (auto found = obstacle(prefix.string(), X_OK)) return found;
  }
  return std::nullopt;
}

std::string refusal(const std::string& path, FileAccess access, const Obstacle& o) {
  const std::string head = (access == FileAccess::Write ? "cannot store in " : "cannot read ") + path + ": ";
  if (o.read_only_file_system) {
    return head + "the file system holding it is mounted read-only; choose another --db PATH";
  }
  const bool directory = S_ISDIR(o.status.st_mode);
  std::string what;
  if (o.file == path) {
    what = "it";
  } else if (directory) {
    what = "the directory " + o.file;
  } else {
    what = "its journal file " + o.file;
  }
  std::string reason;
  if (directory && o.permission == 'x') {
    reason = "you may not enter " + what;
  } else if (directory) {
    const std::string name = fs::path(path).filename().string();
    reason = access == FileAccess::Write
                 ? "you may not create files in " + what + ", where SQLite keeps the history's journal files (" + name +
                       "-wal, " + name + "-shm)"
                 : "you may not create files in " + what + ", where SQLite must make the history's index (" + name +
                       "-shm) even to read it";
  } else {
    reason = std::string("you may not ") + (o.permission == 'r' ? "read " : "write to ") + what;
  }
  const std::string fix = o.status.st_uid == geteuid()
                              ? std::string("chmod u+") + o.permission + " " + shell_quoted(o.file)
                              : "ask " + owner_name(o.status.st_uid) + ", its owner, to let you";
  return head + reason + " (" + mode_text(o.status.st_mode) + ", owned by " + owner_name(o.status.st_uid) + "); " +
         fix + ", or choose another --db PATH";
}

}  // namespace

std::string permission_problem(const std::string& path, FileAccess access) {
  std::error_code error;
  const fs::path absolute = fs::absolute(fs::path(path), error);
  if (error) return "";
  const fs::path dir = absolute.parent_path();
  if (auto closed = closed_directory(dir)) return refusal(path, access, *closed);
  const int file_mode = access == FileAccess::Write ? R_OK | W_OK : R_OK;
  for (const std::string& file : {path, path + "-wal", path + "-shm"}) {
    if (auto found = obstacle(file, file_mode)) return refusal(path, access, *found);
  }
  std::error_code no_index;
  if (access == FileAccess::Write || (access == FileAccess::ReadWal && !fs::exists(path + "-shm", no_index))) {
    if (auto found = obstacle(dir.string(), W_OK)) {
      found->file = fs::path(path).parent_path().empty() ? dir.string() : fs::path(path).parent_path().string();
      return refusal(path, access, *found);
    }
  }
  return "";
}

std::string shell_quoted(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789-_./=:,+@%") == std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace xo::db
