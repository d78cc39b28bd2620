#pragma once
// What one-sided communication costs on the generic model (docs/simulation.md, "One-sided
// communication"): issuing an operation costs the origin the machine's send overhead o; each
// message it takes (a put's data, a get's request and reply, a lock request and its grant, a post,
// a completion, an acknowledgement) is a remote memory access between the two ranks' network
// endpoints (Transport::remote_access), so one-sided traffic takes its turn at the NICs and links
// with everything else. Each message is traced as a RemoteAccess phase named by its `path`.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

class World;

// The origin's time to issue one operation to `target_world` (the send overhead o).
sim::Time issue_overhead(const World& world, int origin_world, int target_world);
// A message of `bytes` from `from_world`'s memory to `to_world`'s, ready at `ready`; returns when it
// landed. `path` must be a string literal (the trace keeps it).
sim::Time rma_message(World& world, int from_world, int to_world, std::int64_t bytes, sim::Time ready,
                      const char* path);

}  // namespace xo::mpi
