#pragma once
// The protocol layer's state in one run: the network's shared resources (each endpoint's NIC, the
// router links), what the protocols keep for each rank (RankTraffic) and the machine's settings the
// protocols read for every message. It is also the Transport through which the collectives send,
// receive and access remote memory.

#include <cstdint>
#include <string>
#include <vector>

#include "nic.hpp"
#include "rank_traffic.hpp"
#include "xo/hwmodels/machine.hpp"
#include "xo/mpi/kernel/huge_page_array.hpp"
#include "xo/mpi/state/transport.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

class ProtocolLayer final : public Transport {
 public:
  ProtocolLayer(const hw::Machine& machine, sim::Engine& engine, int ranks);
  // Inline: the protocols ask for it on every message.
  static ProtocolLayer& of(World& world) { return static_cast<ProtocolLayer&>(world.layer(Layer::Protocol)); }

  // The NICs and links are shared, another rank's traffic is not the running rank's: on a fiber, only
  // inside a simcall (xo/mpi/kernel/simcall.hpp), as the entry points (entry_points.hpp) are.
  Nic& nic_of(int world_rank) {
    XO_ENGINE_CONTEXT(engine_, "network (a NIC)");
    return nics_[static_cast<std::size_t>(machine_.endpoint_of(world_rank))];
  }
  // A router link (hw::Placement::route); only on machines that model links.
  RouterLink& router_link(int link) {
    XO_ENGINE_CONTEXT(engine_, "network (a router link)");
    return links_[static_cast<std::size_t>(link)];
  }
  RankTraffic& traffic(int world_rank) {
    XO_OWNED_BY(engine_, world_rank, "protocol traffic");
    return traffic_[static_cast<std::size_t>(world_rank)];
  }
  // The most mailbox connections one rank made (machines with mailbox credits).
  std::int64_t max_mailbox_peers() const;
  const hw::ReceiveResources& receive_resources() const { return resources_; }
  const std::string& self_send_error() const { return self_send_error_; }
  std::int64_t mailbox_credits() const { return mailbox_credits_; }  // hw::Machine::mailbox_credits

  void start_send(World& world, RankState& sender, Request* send, int dest_world) override;
  void start_recv(World& world, RankState& receiver, Request* receive) override;
  sim::Time remote_access(World& world, int src_world, int dst_world, std::int64_t bytes, sim::Time start) override;

 private:
  const hw::Machine& machine_;
  [[maybe_unused]] sim::Engine& engine_;     // for the debug checks
  std::vector<Nic> nics_;                    // one per network endpoint (hw::Machine::endpoint_of)
  std::vector<RouterLink> links_;            // one per router link, when the machine models them
  sim::HugePageArray<RankTraffic> traffic_;  // by world rank; written for every rank at start-up, as World's ranks
  hw::ReceiveResources resources_;
  std::string self_send_error_;
  std::int64_t mailbox_credits_;
};

}  // namespace xo::mpi
