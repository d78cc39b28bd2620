#pragma once
// Memory registration for RDMA (seed 004 slides 16 and 17: the Gemini LMT paths register the send
// and receive buffers, or each chunk of them, before the transfer; slide 5's UDREG caches the
// registrations). The first transfer from or into a buffer pays the machine's registration cost,
// a later one within a registered buffer only the cache lookup.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

class World;

// The time `rank` spends registering `bytes` at `buffer` (0 on machines that register nothing).
// The cache knows the program's buffers by address.
sim::Time register_memory(World& world, int rank, const void* buffer, std::int64_t bytes);

// The same for a buffer of the MPI's own (a collective's packed blocks, a system buffer): MPICH
// allocates those per call, and with malloc returning the same memory each time they hit the
// cache after the first. They are modelled as one buffer per rank that is registered again only
// when it has to grow: the addresses the simulator's temporaries get vary with the host's
// allocator and address-space randomisation, and a run's times must not (DESIGN.md: the same
// program and settings give the same trace).
sim::Time register_library_buffer(World& world, int rank, std::int64_t bytes);

}  // namespace xo::mpi
