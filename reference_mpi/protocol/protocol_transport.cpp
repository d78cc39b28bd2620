#include "protocol_transport.hpp"

#include <memory>

#include "../core/transport.hpp"
#include "network_transfer.hpp"
#include "point_to_point.hpp"

namespace xo::mpi {

namespace {

class ProtocolTransport final : public Transport {
 public:
  void start_send(World& world, RankState& sender, Request* send, int dest_world) override {
    ::xo::mpi::start_send(world, sender, send, dest_world);
  }
  void start_recv(World& world, RankState& receiver, Request* receive) override {
    ::xo::mpi::start_recv(world, receiver, receive);
  }
  sim::Time remote_access(World& world, int src_world, int dst_world, std::int64_t bytes, sim::Time start) override {
    const LinkTimes t(world.machine(), src_world, dst_world, bytes);
    return reserve_transfer(world, src_world, dst_world, start, t).landed;
  }
};

}  // namespace

void install_protocol_layer(World& world) { world.install(Layer::Protocol, std::make_unique<ProtocolTransport>()); }

}  // namespace xo::mpi
