#include "point_to_point.hpp"

#include <algorithm>

#include "datatype_pack.hpp"
#include "../core/world.hpp"

namespace xo::mpi {

namespace {

void on_envelope(sim::Engine&, void* message, std::int64_t) {
  envelope_arrived(World::running(), static_cast<Message*>(message));
}

}  // namespace

void start_send(World& world, RankState& sender, Request* send, int dest_world) {
  Message* m = world.new_message();
  m->source_world = sender.world_rank;
  m->dest_world = dest_world;
  m->context = send->context;
  m->tag = send->tag;
  m->bytes = send->bytes;
  m->source = send->self_rank;
  m->protocol = world.machine().choose_protocol(send->bytes, send->mode);
  if (m->protocol == hw::Protocol::Eager) {
    send_eager(world, sender, send, m);
  } else {
    send_rendezvous(world, sender, send, m);
  }
  world.engine().schedule(m->arrival, &on_envelope, m, 0);
}

void start_recv(World& world, RankState& receiver, Request* receive) {
  Message* m = receiver.queues.find_unexpected(receive->context, receive->peer, receive->tag, true);
  if (m == nullptr) {
    receiver.queues.post(receive);
    return;
  }
  deliver(world, receive, m, world.engine().clock(receiver.world_rank));
}

void envelope_arrived(World& world, Message* m) {
  RankState& receiver = world.rank(m->dest_world);
  world.count_message();
  if (Request* receive = receiver.queues.take_posted(*m)) {
    deliver(world, receive, m, m->arrival);
    return;
  }
  receiver.queues.add_unexpected(m);
  if (receiver.blocked_in_probe) world.engine().wake(receiver.world_rank, m->arrival);
}

void deliver(World& world, Request* receive, Message* m, sim::Time when) {
  const std::int64_t capacity = receive->bytes;
  receive->status.MPI_SOURCE = m->source;
  receive->status.MPI_TAG = m->tag;
  receive->status.MPI_ERROR = MPI_SUCCESS;
  receive->status.xo_bytes = std::min(m->bytes, capacity);
  receive->status.xo_cancelled = 0;
  if (m->bytes > capacity) {
    receive->error = MPI_ERR_TRUNCATE;
    receive->status.MPI_ERROR = MPI_ERR_TRUNCATE;
    receive->truncated_from = m->bytes;
  }
  if (m->protocol == hw::Protocol::Rendezvous) {
    rendezvous_matched(world, receive, m, when);
    return;
  }
  unpack(m->payload.data(), receive->status.xo_bytes, *receive->type, receive->recv_buffer);
  world.complete(receive, when);
  world.release(m);
}

}  // namespace xo::mpi
