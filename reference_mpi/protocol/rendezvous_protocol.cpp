// Rendezvous, pushed or pulled: the sender announces the message with a header; once a receive
// matches it, the receiver asks for the data — clear-to-send, after which the sender pushes
// (Rendezvous), or a GET that the sender's NIC serves without the sender's CPU (ReceiverPull) —
// and the data goes straight from the send buffer into the receive buffer. Synchronous sends take
// one of these on every machine, so they complete only after the match, as MPI_Ssend must.

#include <algorithm>
#include <cstring>
#include <vector>

#include "../core/world.hpp"
#include "datatype_pack.hpp"
#include "link_times.hpp"
#include "network_transfer.hpp"
#include "point_to_point.hpp"

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

// The request reached the sender's NIC: the data goes out as soon as the NIC is free.
void on_data_requested(sim::Engine& engine, void* message, std::int64_t) {
  World& world = World::running();
  auto* m = static_cast<Message*>(message);
  LinkTimes t(world.machine(), m->source_world, m->dest_world, m->bytes);
  if (m->protocol != hw::Protocol::Rendezvous && !t.shared_memory) {  // a GET: of the send buffer or the sender's copy
    const void* source = m->send_request != nullptr ? m->send_request->send_buffer : m->payload.data();
    t.wire += sim::seconds_to_time(world.machine().pull_penalty(
        reinterpret_cast<std::uintptr_t>(source), reinterpret_cast<std::uintptr_t>(m->recv_request->recv_buffer),
        m->bytes));
  }
  const TransferTimes x = reserve_transfer(world, m->source_world, m->dest_world, engine.now(), t);
  const sim::Time landed = x.landed;
  world.record_phase(Phase::Data, *m, m->source_world, m->dest_world, x.start, landed);
  transfer(*m, m->send_request, *m->recv_request, m->recv_request->status.xo_bytes);
  sim::Time send_done = x.sender_done;
  if (m->ack_after_pull) {  // the receiver sets the sender's completion flag
    send_done = landed + t.latency;
    world.record_phase(Phase::Ack, *m, m->dest_world, m->source_world, landed, send_done);
  }
  if (m->send_request != nullptr) world.complete(m->send_request, send_done + m->completion_delay);  // else at its copy
  world.complete(m->recv_request, landed);
  world.release(m);
}

}  // namespace

void send_header(World& world, RankState& sender, Request* send, Message* m, const hw::ProtocolChoice& choice) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine(), sender.world_rank, m->dest_world, 0);
  engine.advance(t.send_overhead);
  if (choice.sender_copy) {
    // Buffered (XE6 E1): the data is copied to a system buffer, the send completes, and the
    // receiver later reads the copy.
    const sim::Time start = engine.now();
    const sim::Time copied = start + world.copy_time(send->bytes);
    m->payload.resize(static_cast<std::size_t>(send->bytes));
    if (send->bytes > 0) pack(send->send_buffer, send->count, *send->type, m->payload.data());
    world.record_phase(Phase::SenderCopy, *m, m->source_world, m->source_world, start, copied);
    engine.advance_to(copied);
    world.complete(send, copied);
  } else {
    m->send_request = send;
    send->message = m;
  }
  const TransferTimes x = reserve_transfer(world, sender.world_rank, m->dest_world, engine.now(), t);
  m->arrival = x.landed;
  world.record_phase(Phase::Header, *m, m->source_world, m->dest_world, x.start, m->arrival);
}

void request_data(World& world, Request* receive, Message* m, sim::Time when) {
  const LinkTimes t(world.machine(), m->dest_world, m->source_world, 0);
  m->recv_request = receive;
  const Phase phase = m->protocol == hw::Protocol::Rendezvous ? Phase::ClearToSend : Phase::Get;
  world.record_phase(phase, *m, m->dest_world, m->source_world, when, when + t.latency);
  world.engine().schedule(when + t.latency, &on_data_requested, m, 0);
}

}  // namespace xo::mpi
