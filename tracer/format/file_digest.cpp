#include "xo/tracer/file_digest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace xo::tracer {

namespace {

constexpr std::uint64_t kMultiplier = 0x9fb21c651e98df25ull;
constexpr std::uint64_t kInputMultiplier = 0xc2b2ae3d27d4eb4full;

std::uint64_t rotate(std::uint64_t x, int by) { return (x << by) | (x >> (64 - by)); }

std::uint64_t word(const unsigned char* p) {
  std::uint64_t w = 0;
  std::memcpy(&w, p, sizeof w);  // the host's byte order: a file digested and checked on one kind of host
  return w;
}

// Spreads every input bit over the whole word (a 64-bit finaliser in the manner of MurmurHash3's).
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 32;
  x *= kMultiplier;
  x ^= x >> 29;
  x *= kMultiplier;
  return x ^ (x >> 32);
}

}  // namespace

// The word is multiplied before it is added and the lane multiplied after its rotation, so every
// bit of the word reaches the lane's high bits and then, through the rotation and the carries of the
// next product, its low ones: a round of XOR, multiply and rotate alone lets a flip of a word's top
// bit land on a single bit of the next word's position, where a second flip cancels it.
void FileDigest::block(const unsigned char* p) {
  for (int lane = 0; lane < 4; ++lane) {
    lanes_[lane] = rotate(lanes_[lane] + word(p + 8 * lane) * kInputMultiplier, 31) * kMultiplier;
  }
}

void FileDigest::add(const void* bytes, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  size_ += size;
  if (tail_size_ > 0) {
    const std::size_t taken = std::min(size, sizeof tail_ - tail_size_);
    std::memcpy(tail_ + tail_size_, p, taken);
    tail_size_ += taken;
    p += taken;
    size -= taken;
    if (tail_size_ < sizeof tail_) return;
    block(tail_);
    tail_size_ = 0;
  }
  for (; size >= sizeof tail_; p += sizeof tail_, size -= sizeof tail_) block(p);
  std::memcpy(tail_, p, size);
  tail_size_ = size;
}

std::uint64_t FileDigest::value() const {
  unsigned char last[sizeof tail_] = {};
  std::memcpy(last, tail_, tail_size_);
  FileDigest copy = *this;
  copy.block(last);
  std::uint64_t h = mix(size_);
  for (std::uint64_t lane : copy.lanes_) h = mix(h ^ lane);
  return h;
}

std::optional<std::uint64_t> digest_of_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat status {};
  std::optional<std::uint64_t> digest;
  if (fstat(fd, &status) == 0 && S_ISREG(status.st_mode)) {
    FileDigest d;
    std::vector<unsigned char> buffer(1 << 16);
    for (;;) {
      const ssize_t got = read(fd, buffer.data(), buffer.size());
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) break;
      if (got == 0) {
        digest = d.value();
        break;
      }
      d.add(buffer.data(), static_cast<std::size_t>(got));
    }
  }
  close(fd);
  return digest;
}

}  // namespace xo::tracer
