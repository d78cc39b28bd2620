#pragma once
// A node's network interface as a resource the node's ranks share: when it can start injecting the
// next transfer, and what its ejection port is still busy with (protocol/network_transfer.hpp
// reserves both).

#include <vector>

#include "../kernel/virtual_time.hpp"

namespace xo::mpi {

// A transfer the ejection port is delivering.
struct Ejection {
  sim::Time landing;
  int source_endpoint;  // hw::Machine::endpoint_of the sender
  bool carries_data;  // headers take a turn at the port but no share of its bandwidth
};

struct Nic {
  sim::Time inject_free = 0;
  sim::Time eject_free = 0;       // when the ejection port has delivered everything reserved so far
  std::vector<Ejection> ejecting;  // what it is delivering
};

}  // namespace xo::mpi
