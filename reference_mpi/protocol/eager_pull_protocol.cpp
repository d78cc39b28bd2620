// Eager-pull (the XT3's "eager long" path, MPICH_PTL_EAGER_LONG): the data leaves at once. If a
// receive is posted when it arrives, it lands there and the receiver's NIC ACKs the sender, whose
// send completes on the ACK. Otherwise the data is dropped and only the header is kept; once a
// receive matches, the receiver GETs the data from the send buffer as in the receiver-pull path.

#include <algorithm>

#include "link_times.hpp"
#include "network_transfer.hpp"
#include "point_to_point.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void send_eager_pull(World& world, RankState& sender, Request* send, Message* m) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine(), sender.world_rank, m->dest_world, send->bytes);
  engine.advance(t.send_overhead);
  m->send_request = send;
  send->message = m;
  const TransferTimes x = reserve_transfer(world, sender.world_rank, m->dest_world, engine.now(), t);
  m->arrival = x.landed;
  world.record_phase(Phase::Eager, *m, m->source_world, m->dest_world, x.start, m->arrival);
}

void eager_pull_landed(World& world, Request* receive, Message* m, sim::Time when) {
  const LinkTimes t(world.machine(), m->dest_world, m->source_world, 0);
  const Request& send = *m->send_request;
  const std::int64_t bytes = receive->status.xo_bytes;
  if (bytes > 0) {
    // The data is in flight from the still-pending send buffer: pack it straight into place.
    std::vector<std::byte> staging(static_cast<std::size_t>(send.bytes));
    pack(send.send_buffer, send.count, *send.type, staging.data());
    unpack(staging.data(), bytes, *receive->type, receive->recv_buffer);
  }
  world.record_phase(Phase::Ack, *m, m->dest_world, m->source_world, when, when + t.latency);
  world.complete(receive, unpacked(world, *receive, *m, when, false));
  complete_send(world, m->send_request, when + t.latency + m->completion_delay);
  world.release(m);
}

}  // namespace xo::mpi
