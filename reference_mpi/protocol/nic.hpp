#pragma once
// A node's network interface as a resource the node's ranks share: when it can start injecting the
// next transfer, and what its ejection port is still busy with (protocol/network_transfer.hpp
// reserves both).

#include <algorithm>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

// A transfer the ejection port is delivering.
struct Ejection {
  sim::Time landing;
  int source_endpoint;  // hw::Machine::endpoint_of the sender
  bool carries_data;    // headers take a turn at the port but no share of its bandwidth
};

// A router link's busy period: from the start of the first transfer still on it to when it has
// carried everything reserved (transfers are reserved as their senders reach them, not always in
// the order they start).
struct RouterLink {
  sim::Time busy_from = 0;
  sim::Time free = 0;

  // Adds a transfer that enters the link at `start` and occupies it `occupies`; returns how long
  // it waits behind the backlog already there (none for one that starts before the busy period).
  sim::Time reserve(sim::Time start, sim::Time occupies) {
    if (start >= free) {
      busy_from = start;
      free = start + occupies;
      return 0;
    }
    const sim::Time wait = start >= busy_from ? free - start : 0;
    busy_from = std::min(busy_from, start);
    free += occupies;
    return wait;
  }
};

struct Nic {
  sim::Time inject_free = 0;
  sim::Time eject_free = 0;        // when the ejection port has delivered everything reserved so far
  std::vector<Ejection> ejecting;  // what it is delivering
};

}  // namespace xo::mpi
