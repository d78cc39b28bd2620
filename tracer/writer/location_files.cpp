#include "location_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "xo/tracer/file_digest.hpp"

namespace xo::tracer {

namespace {

bool write_all(int fd, const void* data, std::size_t size) {
  const auto* p = static_cast<const char*>(data);
  std::size_t written = 0;
  while (written < size) {
    const ssize_t n = ::write(fd, p + written, size - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}

// Writes `bytes` to `path`, created with `flags` besides O_WRONLY | O_CREAT; false with errno set.
bool write_file(const std::string& path, int flags, const void* bytes, std::size_t size) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0666);
  if (fd < 0) return false;
  const bool written = write_all(fd, bytes, size);
  const int saved = errno;
  const bool closed = close(fd) == 0;
  if (!written) errno = saved;
  return written && closed;
}

}  // namespace

LocationFiles::LocationFiles(std::vector<std::string> paths, std::string definitions)
    : paths_(std::move(paths)), definitions_(std::move(definitions)), digests_(paths_.size(), 0) {
  if (!paths_.empty()) definitions_source_ = paths_[0] + ".def";
}

bool LocationFiles::write(std::size_t index, std::span<const std::uint8_t> events) {
  if (failed()) return false;
  // As libotf2 opens an event file: created, or emptied if it exists.
  const std::string path = paths_[index] + ".evt";
  if (!write_file(path, O_TRUNC, events.data(), events.size())) return fail_writing(path);
  FileDigest digest;
  digest.add(events.data(), events.size());
  digests_[index] = digest.value();
  return index == 0 || write_definitions(index);
}

// Every location's but the first, which OTF2 wrote: each a hard link to the first's, so that all
// share one inode and one block and no byte is written (at 16,384 ranks half the disk the archive
// takes). Where the file system refuses links, a copy; where an inode has as many links as it may
// (ext4: 65,000), a copy that the next ones link to.
bool LocationFiles::write_definitions(std::size_t index) {
  const std::string path = paths_[index] + ".def";
  std::string source;
  bool linking = false;
  {
    std::lock_guard lock(mutex_);
    source = definitions_source_;
    linking = linking_;
  }
  if (linking && link(source.c_str(), path.c_str()) == 0) return true;
  const int link_error = errno;
  std::lock_guard lock(mutex_);
  const bool made_source = linking && link_error == EMLINK;
  // A file in the way is the copy's error to name; any other refusal is the file system's.
  if (linking) linking_ = linking_ && (made_source || link_error == EEXIST);
  if (!write_file(path, O_EXCL, definitions_.data(), definitions_.size())) {
    const int error_number = errno;
    if (failure_.what.empty()) failure_ = {"writing " + path, error_number};
    failed_.store(true, std::memory_order_relaxed);
    return false;
  }
  if (made_source) definitions_source_ = path;
  return true;
}

bool LocationFiles::fail_writing(const std::string& path) {
  const int error_number = errno;
  std::lock_guard lock(mutex_);
  if (failure_.what.empty()) failure_ = {"writing " + path, error_number};
  failed_.store(true, std::memory_order_relaxed);
  return false;
}

}  // namespace xo::tracer
