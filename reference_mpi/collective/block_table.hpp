#pragma once
// A root's buffer of per-rank blocks with a table of where each block starts appended, so members
// that know only their own block's size can find it (selective broadcast, X1 pull scatter).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace xo::mpi {

inline std::vector<std::byte> with_offsets(const std::vector<std::byte>& data,
                                           const std::vector<std::int64_t>& offsets) {
  std::vector<std::byte> out = data;
  const std::size_t table = offsets.size() * sizeof(std::int64_t);
  out.resize(data.size() + table);
  std::memcpy(out.data() + data.size(), offsets.data(), table);
  return out;
}

// Copies `rank`'s block of `bytes` out of a buffer made by with_offsets for `size` ranks.
inline void copy_block(const std::vector<std::byte>& got, int size, int rank, std::byte* out, std::int64_t bytes) {
  std::int64_t offset = 0;
  const std::size_t table = got.size() - sizeof(std::int64_t) * static_cast<std::size_t>(size);
  std::memcpy(&offset, got.data() + table + sizeof(std::int64_t) * static_cast<std::size_t>(rank), sizeof offset);
  std::memcpy(out, got.data() + offset, static_cast<std::size_t>(bytes));
}

}  // namespace xo::mpi
