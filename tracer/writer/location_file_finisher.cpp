#include "location_file_finisher.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "xo/tracer/file_digest.hpp"

namespace xo::tracer {

namespace {

// Creates `path` (it must not exist) holding `bytes`.
bool write_new_file(const std::string& path, const std::string& bytes) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return false;
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  return close(fd) == 0 && written == bytes.size();
}

}  // namespace

LocationFileFinisher::LocationFileFinisher(std::vector<std::string> paths, std::string definitions)
    : paths_(std::move(paths)), definitions_(std::move(definitions)) {
  result_.digests.assign(paths_.size(), 0);
  thread_ = std::thread([this] { work(); });
}

LocationFileFinisher::~LocationFileFinisher() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_one();
  thread_.join();
}

void LocationFileFinisher::closed(std::size_t count) {
  {
    std::lock_guard lock(mutex_);
    closed_ = count;
  }
  changed_.notify_one();
}

LocationFileFinisher::Result LocationFileFinisher::finish() {
  closed(paths_.size());
  thread_.join();
  return std::move(result_);
}

void LocationFileFinisher::work() {
  if (copy_definitions()) digest_events();
}

// Every location's but the first, which OTF2 wrote: each a hard link to the first's, so that all
// share one inode and one block and no byte is written (at 16,384 ranks half the disk the archive
// takes). Where the file system refuses links, a copy; where an inode has as many links as it may
// (ext4: 65,000), a copy that the next ones link to.
bool LocationFileFinisher::copy_definitions() {
  std::string source = paths_.empty() ? std::string() : paths_[0] + ".def";
  bool linking = true;
  for (std::size_t i = 1; i < paths_.size(); ++i) {
    if (i % 1024 == 0) {
      std::lock_guard lock(mutex_);
      if (stop_) return false;
    }
    const std::string path = paths_[i] + ".def";
    bool made_source = false;
    if (linking) {
      if (link(source.c_str(), path.c_str()) == 0) continue;
      made_source = errno == EMLINK;
      linking = made_source || errno == EEXIST;  // a file in the way is the copy's error to name
    }
    if (!write_new_file(path, definitions_)) {
      result_.error = "writing " + path + ": " + std::strerror(errno);
      return false;
    }
    if (made_source) source = path;
  }
  return true;
}

// In writing order, each as soon as its writer has closed it (read back from the page cache).
bool LocationFileFinisher::digest_events() {
  std::size_t next = 0;
  while (next < paths_.size()) {
    std::size_t closed = 0;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stop_ || closed_ > next; });
      if (stop_) return false;
      closed = closed_;
    }
    for (; next < closed; ++next) {
      const std::string path = paths_[next] + ".evt";
      const std::optional<std::uint64_t> digest = digest_of_file(path);
      if (!digest) {
        result_.error = "reading back " + path + " to record its digest";
        return false;
      }
      result_.digests[next] = *digest;
    }
  }
  return true;
}

}  // namespace xo::tracer
