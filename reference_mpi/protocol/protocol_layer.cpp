#include "protocol_layer.hpp"

#include <algorithm>
#include <memory>

#include "network_transfer.hpp"
#include "point_to_point.hpp"
#include "xo/mpi/protocol/entry_points.hpp"

namespace xo::mpi {

ProtocolLayer::ProtocolLayer(const hw::Machine& machine, sim::Engine& engine, int ranks)
    : machine_(machine),
      engine_(engine),
      nics_(static_cast<std::size_t>(machine.endpoint_of(ranks - 1) + 1)),
      links_(machine.models_links() ? static_cast<std::size_t>(machine.placement().links()) : 0),
      traffic_(static_cast<std::size_t>(ranks)),
      resources_(machine.receive_resources()),
      self_send_error_(machine.self_send_error()),
      mailbox_credits_(machine.mailbox_credits()) {}

std::int64_t ProtocolLayer::max_mailbox_peers() const {
  std::int64_t most = 0;
  for (const RankTraffic& rank : traffic_) most = std::max(most, static_cast<std::int64_t>(rank.mailboxes.size()));
  return most;
}

void ProtocolLayer::start_send(World& world, RankState& sender, Request* send, int dest_world) {
  ::xo::mpi::start_send(world, sender, send, dest_world);
}

void ProtocolLayer::start_recv(World& world, RankState& receiver, Request* receive) {
  ::xo::mpi::start_recv(world, receiver, receive);
}

sim::Time ProtocolLayer::remote_access(World& world, int src_world, int dst_world, std::int64_t bytes,
                                       sim::Time start) {  // simcall
  sim::Simcall simcall(world.engine());
  const LinkTimes t(world.machine(), src_world, dst_world, bytes);
  return reserve_transfer(world, src_world, dst_world, start, t).landed;
}

std::int64_t max_mailbox_peers(World& world) { return ProtocolLayer::of(world).max_mailbox_peers(); }

void install_protocol_layer(World& world) {
  world.install(Layer::Protocol, std::make_unique<ProtocolLayer>(world.machine(), world.engine(), world.size()));
}

}  // namespace xo::mpi
