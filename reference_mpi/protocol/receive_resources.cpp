// Receive resources: a machine may bound the unexpected buffer and the event queues of each
// receiver, as the XT3's Portals MPI did. The accounting is simple and stated: an unexpected
// message holds its payload (if it carries one) and `events_per_unexpected` events until a receive
// takes it; a posted receive holds one "other" event until a message matches it.

#include <algorithm>

#include "point_to_point.hpp"
#include "protocol_layer.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// Ends the run as the machine's MPI did: at once on a rank's fiber, after the event otherwise.
void exhausted(World& world, const RankState& rank, const std::string& message) {
  std::string report = "rank " + std::to_string(rank.world_rank) + ": " + message;
  if (ProtocolLayer::of(world).receive_resources().traceback) {
    report += " [traceback: rank " + std::to_string(rank.world_rank) + " in " +
              (rank.call != nullptr ? rank.call : "no MPI call") + "]";
  }
  if (world.engine().current_rank() >= 0) world.engine().abort(1, std::move(report));
  world.engine().fail(1, std::move(report));
}

}  // namespace

void hold_unexpected(World& world, const RankState& receiver, Message* m) {
  ProtocolLayer& layer = ProtocolLayer::of(world);
  const hw::ReceiveResources& limits = layer.receive_resources();
  RankTraffic& in_use = layer.traffic(receiver.world_rank);
  in_use.unexpected_events += limits.events_per_unexpected;
  if (limits.unexpected_events >= 0 && in_use.unexpected_events > limits.unexpected_events) {
    exhausted(world, receiver, limits.unexpected_events_exhausted);
  }
  if (m->protocol != hw::Protocol::Eager) return;  // headers only: the data stays with the sender
  m->holds_unexpected_buffer = true;
  in_use.unexpected_bytes += m->bytes;
  if (limits.unexpected_buffer_bytes >= 0 && in_use.unexpected_bytes > limits.unexpected_buffer_bytes) {
    exhausted(world, receiver, limits.unexpected_buffer_exhausted);
  }
}

void release_unexpected(World& world, const RankState& receiver, const Message& m) {  // simcall
  sim::Simcall simcall(world.engine());
  ProtocolLayer& layer = ProtocolLayer::of(world);
  RankTraffic& in_use = layer.traffic(receiver.world_rank);
  in_use.unexpected_events -= layer.receive_resources().events_per_unexpected;
  if (m.holds_unexpected_buffer) in_use.unexpected_bytes -= m.bytes;
}

void hold_other_event(World& world, const RankState& rank) {
  ProtocolLayer& layer = ProtocolLayer::of(world);
  const hw::ReceiveResources& limits = layer.receive_resources();
  if (++layer.traffic(rank.world_rank).other_events > limits.other_events && limits.other_events >= 0) {
    exhausted(world, rank, limits.other_events_exhausted);
  }
}

void release_other_event(World& world, const RankState& rank) {  // simcall
  sim::Simcall simcall(world.engine());
  --ProtocolLayer::of(world).traffic(rank.world_rank).other_events;
}

void hold_rma_event(World& world, const RankState& origin) {  // simcall
  sim::Simcall simcall(world.engine());
  if (ProtocolLayer::of(world).receive_resources().other_events >= 0) hold_other_event(world, origin);
}

void release_rma_events(World& world, const RankState& origin, std::int64_t events) {  // simcall
  sim::Simcall simcall(world.engine());
  if (ProtocolLayer::of(world).receive_resources().other_events < 0) return;
  ProtocolLayer::of(world).traffic(origin.world_rank).other_events -= events;
}

void hold_send_event(World& world, const RankState& sender, Request* send) {
  if (ProtocolLayer::of(world).receive_resources().other_events < 0) return;
  hold_other_event(world, sender);
  send->holds_event = true;
}

namespace {

void send_event_consumed(sim::Engine&, void*, std::int64_t world_rank) {
  World& world = World::running();
  release_other_event(world, world.rank(static_cast<int>(world_rank)));
}

}  // namespace

void complete_send(World& world, Request* send, sim::Time at) {  // simcall
  sim::Simcall simcall(world.engine());
  if (send->holds_event) {
    send->holds_event = false;
    sim::Engine& engine = world.engine();
    engine.schedule(std::max(at, engine.now()), &send_event_consumed, nullptr, send->owner);
  }
  world.complete(send, at);
}

}  // namespace xo::mpi
