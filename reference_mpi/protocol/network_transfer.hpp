#pragma once
// One transfer of a message's bytes (or of a header, with no bytes) between two ranks, on the
// resources it shares. Over the network, each endpoint (a node's NIC, or an X1 MSP's ports)
// serialises what it injects, so the ranks of a node share it. Its ejection port delivers at the
// wire rate whatever arrives, packets of concurrent messages interleaved: a message that arrives
// while n others are being delivered gets its share, finishing after (n + 1) times its own wire
// time, or after the port's whole backlog if that is sooner, and adds its bytes to the backlog. A
// busy receiving NIC holds the message's sender back (link-level flow control leaves little room
// in the network), so its send completes later too, while its NIC goes on injecting to other
// nodes. Where the machine models its router links, each link of a transfer's route adds the
// transfer's bytes at the link's rate to its backlog, and the transfer is delivered as much later
// as the longest backlog it found ahead of it on its route: messages whose routes share a link
// share its bandwidth, their packets interleaved as at the ejection port.
// Through a node's shared memory neither NIC takes part.

#include "link_times.hpp"
#include "protocol_layer.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

struct TransferTimes {
  sim::Time start;        // the first byte leaves
  sim::Time sender_done;  // the last byte has left the sender: a NIC no longer needs its buffer
  sim::Time landed;       // the last byte is at the receiver
};

inline TransferTimes reserve_transfer(World& world, int src, int dst, sim::Time ready, const LinkTimes& t) {
  ProtocolLayer& layer = ProtocolLayer::of(world);
  if (t.shared_memory) {
    // The sender's copies into the node's memory go one after another, so its messages land in order.
    sim::Time& copier_free = layer.traffic(src).shared_memory_free;
    const sim::Time start = std::max(ready, copier_free);
    copier_free = start + t.wire;
    return {start, start + t.wire, start + t.wire + t.latency};
  }
  Nic& out = layer.nic_of(src);
  Nic& in = layer.nic_of(dst);
  const int source_endpoint = world.machine().endpoint_of(src);
  const sim::Time start = std::max(ready, out.inject_free);
  sim::Time link_delay = 0;  // the longest backlog ahead of this transfer on a link of its route
  if (t.link_wire > 0) {
    world.machine().placement().route(src, dst, [&](int link) {
      link_delay = std::max(link_delay, layer.router_link(link).reserve(start, t.link_wire));
    });
  }
  const sim::Time arrives = start + t.latency;
  const sim::Time occupies = std::max(t.gap, t.wire);
  std::erase_if(in.ejecting, [arrives](const Ejection& e) { return e.landing <= arrives; });
  const sim::Time backlog = std::max<sim::Time>(0, in.eject_free - arrives);
  sim::Time sharing = 0;
  sim::Time behind = 0;  // one source's packets arrive in order (seed 004 slide 8): so do its messages
  for (const Ejection& e : in.ejecting) {
    sharing += e.carries_data ? 1 : 0;
    if (e.source_endpoint == source_endpoint) behind = std::max(behind, e.landing);
  }
  const sim::Time landed = std::max(behind, arrives + link_delay + std::min(backlog, sharing * occupies) + t.wire);
  in.eject_free = std::max(in.eject_free, arrives) + occupies;
  in.ejecting.push_back({landed, source_endpoint, t.wire > 0});
  out.inject_free = start + occupies;
  return {start, landed - t.latency, landed};
}

}  // namespace xo::mpi
