// Eager: envelope and payload travel together. The sender copies the data out and is done when
// the NIC has injected it; the message lands in the receiver's unexpected queue if no receive is
// posted yet.

#include <algorithm>

#include "../core/world.hpp"
#include "datatype_pack.hpp"
#include "link_times.hpp"
#include "point_to_point.hpp"

namespace xo::mpi {

void send_eager(World& world, RankState& sender, Request* send, Message* m) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine().link(sender.world_rank, m->dest_world), send->bytes);
  engine.advance(t.send_overhead);
  m->payload.resize(static_cast<std::size_t>(send->bytes));
  if (send->bytes > 0) pack(send->send_buffer, send->count, *send->type, m->payload.data());
  const sim::Time inject = std::max(engine.clock(sender.world_rank), sender.nic_free);
  sender.nic_free = inject + t.nic_busy();
  m->arrival = inject + t.wire + t.latency;
  world.complete(send, inject + t.wire);
}

}  // namespace xo::mpi
