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

// Writes `bytes` to `name` in the directory `dir`, created with `flags` besides O_WRONLY | O_CREAT;
// false with errno set.
bool write_file(int dir, const std::string& name, int flags, const void* bytes, std::size_t size) {
  const int fd = openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0666);
  if (fd < 0) return false;
  const bool written = write_all(fd, bytes, size);
  const int saved = errno;
  const bool closed = close(fd) == 0;
  if (!written) errno = saved;
  return written && closed;
}

}  // namespace

LocationFiles::LocationFiles(std::string directory, std::vector<std::string> names, std::string definitions)
    : directory_(std::move(directory)),
      names_(std::move(names)),
      definitions_(std::move(definitions)),
      digests_(names_.size(), 0) {
  if (!names_.empty()) definitions_source_ = names_[0] + ".def";
  directory_fd_ = open(directory_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (directory_fd_ < 0) fail_writing("");
}

LocationFiles::~LocationFiles() {
  if (directory_fd_ >= 0) close(directory_fd_);
}

bool LocationFiles::write(std::size_t index, std::span<const std::uint8_t> events) {
  if (failed()) return false;
  // As libotf2 opens an event file: created, or emptied if it exists.
  const std::string name = names_[index] + ".evt";
  if (!write_file(directory_fd_, name, O_TRUNC, events.data(), events.size())) return fail_writing(name);
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
  const std::string name = names_[index] + ".def";
  std::string source;
  bool linking = false;
  {
    std::lock_guard lock(mutex_);
    source = definitions_source_;
    linking = linking_;
  }
  if (linking && linkat(directory_fd_, source.c_str(), directory_fd_, name.c_str(), 0) == 0) return true;
  const int link_error = errno;
  std::lock_guard lock(mutex_);
  const bool made_source = linking && link_error == EMLINK;
  // A file in the way is the copy's error to name; any other refusal is the file system's.
  if (linking) linking_ = linking_ && (made_source || link_error == EEXIST);
  if (!write_file(directory_fd_, name, O_EXCL, definitions_.data(), definitions_.size())) {
    return record_failure(failure_of(name));
  }
  if (made_source) definitions_source_ = name;
  return true;
}

// What failed, with errno's reason: `name` of a file in the directory, or empty for the directory.
LocationFiles::Failure LocationFiles::failure_of(const std::string& name) const {
  const int error_number = errno;
  std::string what = name.empty() ? "opening " : "writing ";
  what.append(directory_);
  if (!name.empty()) what.append("/").append(name);
  return {std::move(what), error_number};
}

bool LocationFiles::fail_writing(const std::string& name) {
  Failure failure = failure_of(name);
  std::lock_guard lock(mutex_);
  return record_failure(std::move(failure));
}

bool LocationFiles::record_failure(Failure failure) {
  if (failure_.what.empty()) failure_ = std::move(failure);
  failed_.store(true, std::memory_order_relaxed);
  return false;
}

}  // namespace xo::tracer
