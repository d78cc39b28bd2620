#pragma once
// Names (MPI calls, protocol paths, algorithms) to dense ids in order of first appearance, so a
// buffered event holds 4 bytes instead of a string. Callers pass the same few string literals
// millions of times, so a small cache keyed by the characters' address answers most look-ups
// with one compare of the characters (never trusting the address alone: a buffer may be reused).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace xo::tracer {

class NameTable {
 public:
  std::uint32_t intern(std::string_view name) {
    CacheEntry& entry = cache_[slot_of(name.data())];
    if (entry.data == name.data() && entry.id != kEmpty && names_[entry.id] == name) return entry.id;
    const std::uint32_t id = intern_slow(name);
    entry = {name.data(), id};
    return id;
  }

  const std::string& name(std::uint32_t id) const { return names_[id]; }
  std::size_t size() const { return names_.size(); }

 private:
  static constexpr std::uint32_t kEmpty = 0xffffffffu;
  struct CacheEntry {
    const char* data = nullptr;
    std::uint32_t id = kEmpty;
  };
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  static std::size_t slot_of(const char* data) { return (reinterpret_cast<std::uintptr_t>(data) >> 3) % kCacheSlots; }
  std::uint32_t intern_slow(std::string_view name);

  static constexpr std::size_t kCacheSlots = 64;
  std::array<CacheEntry, kCacheSlots> cache_{};
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> ids_;
};

}  // namespace xo::tracer
