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
#include "point_to_point.hpp"

namespace xo::mpi {

namespace {

// Moves `bytes` of typed data from the send buffer to the receive buffer.
void transfer(const Request& send, Request& receive, std::int64_t bytes) {
  if (bytes <= 0) return;
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

// The request reached the sender's NIC: the data goes out as soon as the NIC is free.
void on_data_requested(sim::Engine& engine, void* message, std::int64_t) {
  World& world = World::running();
  auto* m = static_cast<Message*>(message);
  RankState& sender = world.rank(m->source_world);
  const LinkTimes t(world.machine(), m->source_world, m->dest_world, m->bytes);
  const sim::Time inject = std::max(engine.now(), sender.nic_free);
  sender.nic_free = inject + t.nic_busy();
  world.record_phase(Phase::Data, *m, m->source_world, m->dest_world, inject, inject + t.wire + t.latency);
  transfer(*m->send_request, *m->recv_request, m->recv_request->status.xo_bytes);
  world.complete(m->send_request, inject + t.wire);
  world.complete(m->recv_request, inject + t.wire + t.latency);
  world.release(m);
}

}  // namespace

void send_header(World& world, RankState& sender, Request* send, Message* m) {
  sim::Engine& engine = world.engine();
  const LinkTimes t(world.machine(), sender.world_rank, m->dest_world, 0);
  engine.advance(t.send_overhead);
  m->send_request = send;
  send->message = m;
  const sim::Time inject = std::max(engine.clock(sender.world_rank), sender.nic_free);
  sender.nic_free = inject + t.gap;
  m->arrival = inject + t.latency;
  world.record_phase(Phase::Header, *m, m->source_world, m->dest_world, inject, m->arrival);
}

void request_data(World& world, Request* receive, Message* m, sim::Time when) {
  const LinkTimes t(world.machine(), m->dest_world, m->source_world, 0);
  m->recv_request = receive;
  const Phase phase = m->protocol == hw::Protocol::Rendezvous ? Phase::ClearToSend : Phase::Get;
  world.record_phase(phase, *m, m->dest_world, m->source_world, when, when + t.latency);
  world.engine().schedule(when + t.latency, &on_data_requested, m, 0);
}

}  // namespace xo::mpi
