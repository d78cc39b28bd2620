#pragma once
// Memory registration for RDMA (seed 004 slides 16 and 17: the Gemini LMT paths register the send
// and receive buffers, or each chunk of them, before the transfer; slide 5's UDREG caches the
// registrations). The first transfer from or into a buffer pays the machine's registration cost,
// a later one within a registered buffer only the cache lookup.

#include <cstdint>

#include "../kernel/virtual_time.hpp"

namespace xo::mpi {

class World;
struct RankState;

// The time `rank` spends registering `bytes` at `buffer` (0 on machines that register nothing).
sim::Time register_memory(World& world, RankState& rank, const void* buffer, std::int64_t bytes);

}  // namespace xo::mpi
