#pragma once
// A machine's LinkCost converted to integer virtual time for one message.

#include <algorithm>
#include <cstdint>

#include "../kernel/virtual_time.hpp"
#include "xo/hwmodels/protocol.hpp"

namespace xo::mpi {

struct LinkTimes {
  sim::Time latency;
  sim::Time send_overhead;
  sim::Time recv_overhead;
  sim::Time gap;
  sim::Time wire;  // bytes * G

  LinkTimes(const hw::LinkCost& cost, std::int64_t bytes)
      : latency(sim::seconds_to_time(cost.latency)),
        send_overhead(sim::seconds_to_time(cost.send_overhead)),
        recv_overhead(sim::seconds_to_time(cost.recv_overhead)),
        gap(sim::seconds_to_time(cost.gap)),
        wire(sim::seconds_to_time(static_cast<double>(bytes) * cost.gap_per_byte)) {}

  // The NIC is busy for the longer of the gap and the payload's wire time.
  sim::Time nic_busy() const { return std::max(gap, wire); }
};

}  // namespace xo::mpi
