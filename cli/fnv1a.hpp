#pragma once
// FNV-1a, 64 bits: a stable hash of bytes for cache keys and fingerprints that must agree between
// processes and runs (std::hash promises neither).

#include <cstdint>
#include <string_view>

namespace xo::cli {

// Continued from `hash`, so that a long input can be hashed in pieces.
inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 14695981039346656037ULL) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

}  // namespace xo::cli
