#pragma once
// A 64-bit digest of a file's bytes, which Crossover's writer records for every location's event
// file (as the location property kLocationPropertyDigest) and readers recompute: a file changed
// after writing, cut, or copied in from another trace no longer matches. It detects damage, not
// forgery: it is not a cryptographic hash.
//
// Four independent multiply-rotate-multiply lanes over 32-byte blocks (the round xxHash's lanes use),
// so that hashing runs at several bytes a cycle beside decoding; bytes may be given in pieces of any
// size.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace xo::tracer {

// The location property that holds the digest of the location's event file (OTF2_TYPE_UINT64).
inline constexpr const char* kLocationPropertyDigest = "CROSSOVER::EVT_DIGEST";

class FileDigest {
 public:
  void add(const void* bytes, std::size_t size);
  std::uint64_t value() const;

 private:
  void block(const unsigned char* p);

  std::uint64_t lanes_[4] = {0x9e3779b97f4a7c15ull, 0xc2b2ae3d27d4eb4full, 0x165667b19e3779f9ull,
                             0x27d4eb2f165667c5ull};
  unsigned char tail_[32] = {};
  std::size_t tail_size_ = 0;
  std::uint64_t size_ = 0;
};

// The digest of the whole file at `path`, or nothing if it cannot be opened as a regular file and
// read to its end. Opens without blocking, so a FIFO in its place does not hang.
std::optional<std::uint64_t> digest_of_file(const std::string& path);

}  // namespace xo::tracer
