#pragma once
// A machine's costs for one message between two ranks, in integer virtual time.

#include <algorithm>
#include <cstdint>

#include "xo/hwmodels/machine.hpp"
#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct LinkTimes {
  sim::Time latency;
  sim::Time send_overhead;
  sim::Time recv_overhead;
  sim::Time gap;
  sim::Time wire;           // bytes * G
  bool shared_memory;       // through the node's memory, not the NICs (hw::Machine::through_shared_memory)
  sim::Time link_wire = 0;  // bytes on each router link crossed (0: links not modelled)

  LinkTimes(const hw::Machine& machine, int src, int dst, std::int64_t bytes)
      : LinkTimes(machine.link(src, dst), machine.wire_time(src, dst, bytes), machine.through_shared_memory(src, dst)) {
    if (!shared_memory) link_wire = sim::seconds_to_time(machine.link_wire_time(bytes));
  }

  LinkTimes(const hw::LinkCost& cost, double wire_seconds, bool through_shared_memory)
      : latency(sim::seconds_to_time(cost.latency)),
        send_overhead(sim::seconds_to_time(cost.send_overhead)),
        recv_overhead(sim::seconds_to_time(cost.recv_overhead)),
        gap(sim::seconds_to_time(cost.gap)),
        wire(sim::seconds_to_time(wire_seconds)),
        shared_memory(through_shared_memory) {}
};

}  // namespace xo::mpi
