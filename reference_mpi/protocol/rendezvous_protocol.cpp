// Rendezvous, pushed or pulled: the sender announces the message with a header; once a receive
// matches it, the receiver asks for the data — clear-to-send, after which the sender pushes
// (Rendezvous), or a GET that the sender's NIC serves without the sender's CPU (ReceiverPull) —
// and the data goes straight from the send buffer into the receive buffer. Where the machine's NIC
// needs registered memory, each end registers its buffer first (memory_registration.hpp); a push
// may go in chunks, each after its own clear-to-send. Synchronous sends take one of these on every
// machine, so they complete only after the match, as MPI_Ssend must.

#include <algorithm>
#include <cstring>
#include <vector>

#include "link_times.hpp"
#include "memory_registration.hpp"
#include "network_transfer.hpp"
#include "point_to_point.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

void transfer_from_request(const Request& send, Request& receive, std::int64_t bytes) {
  if (send.type->is_contiguous() && receive.type->is_contiguous()) {
    std::memcpy(receive.recv_buffer, send.send_buffer, static_cast<std::size_t>(bytes));
    return;
  }
  // Event handlers never switch fibers, so one staging buffer serves every transfer.
  static std::vector<std::byte> staging;
  staging.resize(static_cast<std::size_t>(send.bytes));
  pack(send.send_buffer, send.count, *send.type, staging.data());
  unpack(staging.data(), bytes, *receive.type, receive.recv_buffer);
}

// Moves `bytes` of typed data from the send buffer (or the sender's system-buffer copy of it) to
// the receive buffer.
void transfer(const Message& m, const Request* send, Request& receive, std::int64_t bytes) {
  if (bytes <= 0) return;
  if (send == nullptr) {
    unpack(m.payload.data(), bytes, *receive.type, receive.recv_buffer);
    return;
  }
  transfer_from_request(*send, receive, bytes);
}

// Registration before an RDMA transfer, traced on `rank`'s own line; returns when it is done.
// `owner` is the request whose buffer it is: none for a system buffer, and one the program's call
// did not make (a collective's step) for the MPI's own buffer.
sim::Time registered(World& world, const Message& m, int rank, const Request* owner, const void* buffer,
                     std::int64_t bytes, sim::Time at) {
  if (!m.registers_memory) return at;
  const bool library = owner == nullptr || owner->traced == Request::Traced::No;
  const sim::Time done =
      at + (library ? register_library_buffer(world, rank, bytes) : register_memory(world, rank, buffer, bytes));
  world.record_phase(Phase::Registration, m, rank, rank, at, done);
  return done;
}

// Where the path lands the data in a receive-side system buffer (XE6 E1, AP1000 Ssend), the copy
// out into the receive buffer; returns when it is done.
sim::Time copied_out(World& world, const Message& m, sim::Time landed) {
  const std::int64_t bytes = m.recv_request->status.xo_bytes;
  if (!m.receiver_copy || bytes <= 0) return landed;
  const sim::Time done = landed + world.copy_time(bytes);
  world.record_phase(Phase::ReceiverCopy, m, m.dest_world, m.dest_world, landed, done);
  return done;
}

const std::byte* send_buffer_of(const Message& m) {
  return m.send_request != nullptr ? static_cast<const std::byte*>(m.send_request->send_buffer) : m.payload.data();
}

// A pulled transfer (ReceiverPull, or EagerPull whose data was dropped): the GET reached the
// sender's NIC, which serves it without the sender's CPU. Into a receive-side system buffer (XE6
// E1) it lands aligned and is copied out; into the application's buffer it may pay the machine's
// misalignment penalty.
void pull_data(World& world, Message* m, sim::Time now) {
  LinkTimes t(world.machine(), m->source_world, m->dest_world, m->bytes);
  if (!t.shared_memory && !m->receiver_copy) {
    t.wire += sim::seconds_to_time(
        world.machine().pull_penalty(reinterpret_cast<std::uintptr_t>(send_buffer_of(*m)),
                                     reinterpret_cast<std::uintptr_t>(m->recv_request->recv_buffer), m->bytes));
  }
  const TransferTimes x = reserve_transfer(world, m->source_world, m->dest_world, now, t);
  world.record_phase(Phase::Data, *m, m->source_world, m->dest_world, x.start, x.landed);
  transfer(*m, m->send_request, *m->recv_request, m->recv_request->status.xo_bytes);
  const sim::Time received = copied_out(world, *m, x.landed);
  sim::Time send_done = x.sender_done;
  if (m->ack_after_pull) {  // the receiver tells the sender: completion flag, RCV DONE
    send_done = received + t.latency;
    world.record_phase(Phase::Ack, *m, m->dest_world, m->source_world, received, send_done);
  }
  if (m->send_request != nullptr)
    complete_send(world, m->send_request, send_done + m->completion_delay);  // else at its copy
  world.complete(m->recv_request, unpacked(world, *m->recv_request, *m, received, m->receiver_copy));
  world.release(m);
}

// A pushed transfer (Rendezvous): the clear-to-send reached the sender, which puts the data. In
// chunks (XE6 lmt-write, seed 004 slide 17) each chunk is registered at both ends and follows its
// own clear-to-send; the send-done of one chunk tells the receiver to clear the next.
void push_data(World& world, Message* m, sim::Time now) {
  const std::int64_t bytes = m->bytes;
  const std::int64_t chunk = m->chunk_bytes > 0 ? m->chunk_bytes : std::max<std::int64_t>(bytes, 1);
  const LinkTimes control(world.machine(), m->dest_world, m->source_world, 0);
  const std::byte* source = send_buffer_of(*m);
  auto* destination = static_cast<std::byte*>(m->recv_request->recv_buffer);
  sim::Time ready = now;
  if (m->sender_copy && bytes > 0) {  // into a system buffer first (AP1000 l_asend after the handshake)
    ready = now + world.copy_time(bytes);
    world.record_phase(Phase::SenderCopy, *m, m->source_world, m->source_world, now, ready);
  }
  TransferTimes x{now, now, now};
  for (std::int64_t offset = 0;;) {
    const std::int64_t part = std::min(chunk, bytes - offset);
    ready = registered(world, *m, m->source_world, m->send_request, source + offset, part, ready);
    const LinkTimes t(world.machine(), m->source_world, m->dest_world, part);
    x = reserve_transfer(world, m->source_world, m->dest_world, ready, t);
    world.record_phase(Phase::Data, *m, m->source_world, m->dest_world, x.start, x.landed);
    offset += part;
    if (offset >= bytes) break;
    const sim::Time cleared = registered(world, *m, m->dest_world, m->recv_request, destination + offset,
                                         std::min(chunk, bytes - offset), x.landed);
    world.record_phase(Phase::ClearToSend, *m, m->dest_world, m->source_world, cleared, cleared + control.latency);
    ready = cleared + control.latency;
  }
  transfer(*m, m->send_request, *m->recv_request, m->recv_request->status.xo_bytes);
  if (m->send_request != nullptr) complete_send(world, m->send_request, x.sender_done + m->completion_delay);
  const sim::Time received = copied_out(world, *m, x.landed);
  world.complete(m->recv_request, unpacked(world, *m->recv_request, *m, received, m->receiver_copy));
  world.release(m);
}

void on_data_requested(sim::Engine& engine, void* message, std::int64_t) {
  auto* m = static_cast<Message*>(message);
  if (m->protocol == hw::Protocol::Rendezvous) {
    push_data(World::running(), m, engine.now());
  } else {
    pull_data(World::running(), m, engine.now());
  }
}

}  // namespace

void send_header(World& world, RankState& sender, Request* send, Message* m, const hw::ProtocolChoice& choice) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine(), sender.world_rank, m->dest_world, 0);
  engine.advance(t.send_overhead);
  if (choice.sender_copy && choice.protocol != hw::Protocol::Rendezvous) {
    // Buffered (XE6 E1): the data is copied to a system buffer, the send completes, and the
    // receiver later reads the copy.
    const sim::Time start = engine.now();
    const sim::Time copied = start + world.copy_time(send->bytes);
    m->payload.resize(static_cast<std::size_t>(send->bytes));
    if (send->bytes > 0) pack(send->send_buffer, send->count, *send->type, m->payload.data());
    world.record_phase(Phase::SenderCopy, *m, m->source_world, m->source_world, start, copied);
    engine.advance_to(copied);
    complete_send(world, send, copied);
  } else {
    m->send_request = send;
    send->message = m;
    if (choice.protocol == hw::Protocol::ReceiverPull) {  // the receiver will read the send buffer
      engine.advance_to(registered(world, *m, sender.world_rank, send, send->send_buffer, send->bytes, engine.now()));
    }
  }
  const TransferTimes x = reserve_transfer(world, sender.world_rank, m->dest_world, engine.now(), t);
  m->arrival = x.landed;
  world.record_phase(Phase::Header, *m, m->source_world, m->dest_world, x.start, m->arrival);
}

void request_data(World& world, Request* receive, Message* m, sim::Time when) {
  const LinkTimes t(world.machine(), m->dest_world, m->source_world, 0);
  m->recv_request = receive;
  const std::int64_t first = m->chunk_bytes > 0 ? std::min(m->chunk_bytes, m->bytes) : m->bytes;
  when = registered(world, *m, m->dest_world, receive, receive->recv_buffer, first, when);
  const Phase phase = m->protocol == hw::Protocol::Rendezvous ? Phase::ClearToSend : Phase::Get;
  world.record_phase(phase, *m, m->dest_world, m->source_world, when, when + t.latency);
  world.engine().schedule(when + t.latency, &on_data_requested, m, 0);
}

}  // namespace xo::mpi
