#include "xo/mpi/state/datatype_pack.hpp"

#include <algorithm>
#include <cstring>

namespace xo::mpi {

void pack(const void* in, std::int64_t count, const Datatype& type, std::byte* out) {
  const auto* base = static_cast<const std::byte*>(in);
  if (type.is_contiguous()) {
    if (count > 0 && type.size() > 0) std::memcpy(out, base, static_cast<std::size_t>(count * type.size()));
    return;
  }
  const std::int64_t extent = type.extent();
  for (std::int64_t i = 0; i < count; ++i) {
    for (const TypeBlock& b : type.blocks()) {
      std::memcpy(out, base + i * extent + b.offset, static_cast<std::size_t>(b.bytes));
      out += b.bytes;
    }
  }
}

void unpack(const std::byte* in, std::int64_t bytes, const Datatype& type, void* out) {
  auto* base = static_cast<std::byte*>(out);
  if (type.is_contiguous()) {
    if (bytes > 0) std::memcpy(base, in, static_cast<std::size_t>(bytes));
    return;
  }
  const std::int64_t extent = type.extent();
  for (std::int64_t i = 0; bytes > 0; ++i) {
    for (const TypeBlock& b : type.blocks()) {
      if (bytes <= 0) return;
      const std::int64_t n = std::min(bytes, b.bytes);
      std::memcpy(base + i * extent + b.offset, in, static_cast<std::size_t>(n));
      in += n;
      bytes -= n;
    }
  }
}

}  // namespace xo::mpi
