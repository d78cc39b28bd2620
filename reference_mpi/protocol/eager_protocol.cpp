// Eager: envelope and payload travel together. The sender copies the data out and is done when
// the NIC has injected it, or, on a path with a sender-side copy (XT3 vshort), as soon as the
// data is in one of the machine's system buffers. The message lands in the receiver's unexpected
// buffer if no receive is posted yet.

#include <algorithm>

#include "link_times.hpp"
#include "network_transfer.hpp"
#include "point_to_point.hpp"
#include "protocol_layer.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// Takes a free system buffer at or after `now`; returns when the copy can start. The buffer is
// busy until `release`, which the caller sets once it knows when the NIC is done with it.
sim::Time take_copy_buffer(RankTraffic& sender, std::int64_t buffers, sim::Time now, std::size_t& slot) {
  auto& free_at = sender.copy_buffers_free_at;
  if (static_cast<std::int64_t>(free_at.size()) < buffers) {
    free_at.push_back(now);
    slot = free_at.size() - 1;
    return now;
  }
  slot = static_cast<std::size_t>(std::min_element(free_at.begin(), free_at.end()) - free_at.begin());
  return std::max(now, free_at[slot]);
}

}  // namespace

void send_eager(World& world, RankState& sender, Request* send, Message* m, const hw::ProtocolChoice& choice) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine(), sender.world_rank, m->dest_world, send->bytes);
  engine.advance(t.send_overhead);
  m->payload.resize(static_cast<std::size_t>(send->bytes));
  if (send->bytes > 0) pack(send->send_buffer, send->count, *send->type, m->payload.data());
  if (!choice.sender_copy) {
    const TransferTimes x = reserve_transfer(world, sender.world_rank, m->dest_world, engine.now(), t);
    m->arrival = x.landed;
    world.record_phase(Phase::Eager, *m, m->source_world, m->dest_world, x.start, m->arrival);
    complete_send(world, send, x.sender_done + sim::seconds_to_time(choice.completion_delay));
    return;
  }
  std::size_t slot = 0;
  RankTraffic& traffic = ProtocolLayer::of(world).traffic(sender.world_rank);
  const sim::Time copy_start = take_copy_buffer(traffic, world.machine().sender_copy_buffers(), engine.now(), slot);
  const sim::Time copied = copy_start + world.copy_time(send->bytes);
  world.record_phase(Phase::SenderCopy, *m, m->source_world, m->source_world, copy_start, copied);
  const TransferTimes x = reserve_transfer(world, sender.world_rank, m->dest_world, copied, t);
  traffic.copy_buffers_free_at[slot] = x.sender_done;
  m->arrival = x.landed;
  world.record_phase(Phase::Eager, *m, m->source_world, m->dest_world, x.start, m->arrival);
  complete_send(world, send, copied);
}

}  // namespace xo::mpi
