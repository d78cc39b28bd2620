#include "point_to_point.hpp"

#include <algorithm>
#include <cstring>

#include "protocol_layer.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

void on_envelope(sim::Engine&, void* message, std::int64_t) {
  envelope_arrived(World::running(), static_cast<Message*>(message));
}

}  // namespace

void start_send(World& world, RankState& sender, Request* send, int dest_world) {  // simcall
  sim::Simcall simcall(world.engine());
  ProtocolLayer& layer = ProtocolLayer::of(world);
  // Only the blocking standard send: that is what the machine's MPI is known to abort on.
  if (dest_world == sender.world_rank && !layer.self_send_error().empty() && std::strcmp(send->call, "MPI_Send") == 0) {
    world.engine().abort(
        1, "rank " + std::to_string(sender.world_rank) + ": " + send->call + " to itself: " + layer.self_send_error());
  }
  const hw::ProtocolChoice choice =
      world.machine().protocol_between(send->bytes, send->mode, sender.world_rank, dest_world);
  hold_send_event(world, sender, send);
  // A non-contiguous send is packed first, unless the path's copy into a system buffer packs it.
  const bool packs = send->bytes > 0 && !send->type->is_contiguous() &&
                     !(choice.sender_copy && world.machine().system_buffer_copies_pack());
  const sim::Time pack_start = world.engine().now();
  if (packs) world.engine().advance(world.copy_time(send->bytes));
  Message* m = world.new_message();
  m->source_world = sender.world_rank;
  m->dest_world = dest_world;
  m->context = send->context;
  m->tag = send->tag;
  m->bytes = send->bytes;
  m->source = send->self_rank;
  m->protocol = choice.protocol;
  m->path = choice.name;
  m->sender_copy = choice.sender_copy;
  m->receiver_copy = choice.receiver_copy;
  m->ack_after_pull = choice.ack_after_pull;
  m->completion_delay = sim::seconds_to_time(choice.completion_delay);
  m->registers_memory = choice.registers_memory;
  m->chunk_bytes = choice.chunk_bytes;
  // Mailboxes are the network's: a send to oneself or through shared memory takes none.
  if (packs)
    world.record_phase(Phase::Pack, *m, sender.world_rank, sender.world_rank, pack_start, world.engine().now());
  std::vector<sim::Time>* credits = nullptr;
  if (layer.mailbox_credits() >= 0 && dest_world != sender.world_rank &&
      !world.machine().through_shared_memory(sender.world_rank, dest_world)) {
    credits = &wait_for_mailbox_credit(world, sender, m);
  }
  switch (choice.protocol) {
    case hw::Protocol::Eager: send_eager(world, sender, send, m, choice); break;
    case hw::Protocol::Rendezvous:
    case hw::Protocol::ReceiverPull: send_header(world, sender, send, m, choice); break;
    case hw::Protocol::EagerPull: send_eager_pull(world, sender, send, m); break;
  }
  if (credits != nullptr) hold_mailbox_credit(world, *credits, *m);
  world.engine().schedule(m->arrival, &on_envelope, m, 0);
}

void start_recv(World& world, RankState& receiver, Request* receive) {  // simcall
  sim::Simcall simcall(world.engine());
  Message* m = receiver.queues.find_unexpected(receive->context, receive->peer, receive->tag, true);
  if (m == nullptr) {
    hold_other_event(world, receiver);
    receiver.queues.post(receive);
    return;
  }
  release_unexpected(world, receiver, *m);
  deliver(world, receive, m, world.engine().now(), true);
}

void envelope_arrived(World& world, Message* m) {
  RankState& receiver = world.rank(m->dest_world);
  world.count_message();
  if (m->credit_slot >= 0) settle_mailbox_credit(world, *m);
  if (Request* receive = receiver.queues.take_posted(*m)) {
    release_other_event(world, receiver);
    deliver(world, receive, m, m->arrival, false);
    return;
  }
  hold_unexpected(world, receiver, m);
  receiver.queues.add_unexpected(m);
  if (receiver.blocked_in_probe) world.engine().wake(receiver.world_rank, m->arrival);
}

void deliver(World& world, Request* receive, Message* m, sim::Time when, bool was_unexpected) {  // simcall
  sim::Simcall simcall(world.engine());
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
  switch (m->protocol) {
    case hw::Protocol::Eager: break;
    case hw::Protocol::Rendezvous:
    case hw::Protocol::ReceiverPull: return request_data(world, receive, m, when);
    case hw::Protocol::EagerPull:
      return was_unexpected ? request_data(world, receive, m, when) : eager_pull_landed(world, receive, m, when);
  }
  sim::Time done = when;
  if ((was_unexpected || m->receiver_copy) && m->bytes > 0) {  // the data waits in a system buffer: copy it out
    done += world.copy_time(receive->status.xo_bytes);
    const Phase copy = was_unexpected ? Phase::UnexpectedCopy : Phase::ReceiverCopy;
    world.record_phase(copy, *m, m->dest_world, m->dest_world, when, done);
  }
  unpack(m->payload.data(), receive->status.xo_bytes, *receive->type, receive->recv_buffer);
  world.complete(receive, unpacked(world, *receive, *m, done, was_unexpected || m->receiver_copy));
  world.release(m);
}

sim::Time unpacked(World& world, const Request& receive, const Message& m, sim::Time landed, bool copied) {
  const std::int64_t bytes = receive.status.xo_bytes;
  if (bytes <= 0 || receive.type->is_contiguous()) return landed;
  if (copied && world.machine().system_buffer_copies_pack()) return landed;
  const sim::Time done = landed + world.copy_time(bytes);
  world.record_phase(Phase::Unpack, m, m.dest_world, m.dest_world, landed, done);
  return done;
}

}  // namespace xo::mpi
