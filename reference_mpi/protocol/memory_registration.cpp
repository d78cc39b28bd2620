#include "memory_registration.hpp"

#include <map>

#include "protocol_layer.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// A registration that no cached one covers: the fixed cost and one per page.
sim::Time registration_time(const hw::MemoryRegistration& cost, std::int64_t bytes) {
  const std::int64_t pages = (bytes + cost.page_bytes - 1) / cost.page_bytes;
  return sim::seconds_to_time(cost.per_registration + static_cast<double>(pages) * cost.per_page);
}

}  // namespace

sim::Time register_memory(World& world, int rank, const void* buffer, std::int64_t bytes) {
  const hw::MemoryRegistration cost = world.machine().memory_registration();
  if (cost.per_registration < 0 || bytes <= 0) return 0;
  const auto start = reinterpret_cast<std::uintptr_t>(buffer);
  const std::uintptr_t end = start + static_cast<std::uintptr_t>(bytes);
  // The registration that starts at or before `start`, if it reaches `end`, covers the buffer.
  std::map<std::uintptr_t, std::uintptr_t>& registered = ProtocolLayer::of(world).traffic(rank).registered;
  auto after = registered.upper_bound(start);
  if (after != registered.begin() && std::prev(after)->second >= end) {
    return sim::seconds_to_time(cost.cache_hit);
  }
  registered[start] = std::max(registered[start], end);
  return registration_time(cost, bytes);
}

sim::Time register_library_buffer(World& world, int rank, std::int64_t bytes) {
  const hw::MemoryRegistration cost = world.machine().memory_registration();
  if (cost.per_registration < 0 || bytes <= 0) return 0;
  std::int64_t& largest = ProtocolLayer::of(world).traffic(rank).library_bytes_registered;
  if (bytes <= largest) return sim::seconds_to_time(cost.cache_hit);
  largest = bytes;
  return registration_time(cost, bytes);
}

}  // namespace xo::mpi
