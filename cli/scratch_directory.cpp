#include "scratch_directory.hpp"

#include <sys/statvfs.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "child_process.hpp"
#include "stop_signals.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "xo-";
constexpr std::size_t kSlots = 8;
constexpr std::size_t kPathBytes = 4096;

// Paths the signal handler removes; a slot is in use when its first byte is not 0. Fixed storage:
// the handler must not allocate to find them.
std::array<std::array<char, kPathBytes>, kSlots> g_paths{};
volatile std::sig_atomic_t g_handlers_installed = 0;

void remove_quietly(const char* path) {
  std::error_code ignored;
  fs::remove_all(path, ignored);
}

// Removing a directory tree is not async-signal-safe in general; the process is about to die of
// the signal, and a half-removed scratch directory is swept by the next command anyway.
extern "C" void on_fatal_signal(int signal) {
  stop_running_child(signal);  // first: a re-recording child writes into these directories
  for (auto& path : g_paths) {
    if (path[0] != 0) remove_quietly(path.data());
  }
  std::signal(signal, SIG_DFL);
  raise(signal);
}

void install_handlers() {
  if (g_handlers_installed) return;
  for (int s : kStopSignals) {
    struct sigaction action {};
    struct sigaction previous {};
    sigaction(s, nullptr, &previous);
    if (previous.sa_handler != SIG_DFL) continue;  // someone else handles it (or ignores it: nohup)
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    sigaction(s, &action, nullptr);
  }
  g_handlers_installed = 1;
}

constexpr const char* kMemoryRoot = "/dev/shm";
constexpr unsigned long long kMemoryRootRoom = 1ull << 30;  // free bytes /dev/shm must have

fs::path temporary_root(ScratchStorage storage) {
  const char* tmpdir = std::getenv("TMPDIR");
  if (tmpdir != nullptr && *tmpdir != 0) return tmpdir;
  struct statvfs memory {};
  if (storage == ScratchStorage::MemoryIfRoom && access(kMemoryRoot, W_OK | X_OK) == 0 &&
      statvfs(kMemoryRoot, &memory) == 0 &&
      static_cast<unsigned long long>(memory.f_bavail) * memory.f_frsize >= kMemoryRootRoom) {
    return kMemoryRoot;
  }
  return "/tmp";
}

// xo-<purpose>-<pid>-XXXXXX of a process that no longer exists.
bool is_orphan(const std::string& name) {
  if (name.rfind(kPrefix, 0) != 0) return false;
  const std::size_t end = name.rfind('-');
  if (end == std::string::npos || name.size() - end != 7) return false;
  const std::size_t start = name.rfind('-', end - 1);
  if (start == std::string::npos || start + 1 >= end) return false;
  const std::string digits = name.substr(start + 1, end - start - 1);
  if (digits.find_first_not_of("0123456789") != std::string::npos) return false;
  const auto pid = static_cast<pid_t>(std::strtol(digits.c_str(), nullptr, 10));
  return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH;
}

void sweep_orphans(const fs::path& root) {
  std::error_code error;
  for (fs::directory_iterator it(root, error), end; !error && it != end; it.increment(error)) {
    if (it->is_directory(error) && is_orphan(it->path().filename().string())) remove_quietly(it->path().c_str());
  }
}

}  // namespace

ScratchDirectory::ScratchDirectory(const std::string& purpose, ScratchStorage storage) {
  const fs::path root = temporary_root(storage);
  sweep_orphans(root);
  std::string pattern = (root / (kPrefix + purpose + "-" + std::to_string(getpid()) + "-XXXXXX")).string();
  // A stop signal between making the directory and listing it for the handler would leave it.
  const StopSignalsBlocked blocked;
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot make a temporary directory in " + root.string() + " (" + std::strerror(errno) +
                             "): free space there or set TMPDIR to a writable directory");
  }
  path_ = pattern;
  install_handlers();
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (g_paths[i][0] == 0 && path_.size() < kPathBytes) {
      std::memcpy(g_paths[i].data(), path_.c_str(), path_.size() + 1);
      slot_ = static_cast<int>(i);
      break;
    }
  }
}

ScratchDirectory::~ScratchDirectory() {
  if (slot_ >= 0) g_paths[static_cast<std::size_t>(slot_)][0] = 0;
  remove_quietly(path_.c_str());
}

}  // namespace xo::cli
