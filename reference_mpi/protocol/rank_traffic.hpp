#pragma once
// What the protocols keep for one rank: its sender-side buffers and registrations, its mailbox
// connections and credits, and the receive resources it holds (hw::ReceiveResources). Only
// protocol/ reads or writes these.

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct RankTraffic {
  std::vector<sim::Time> copy_buffers_free_at;          // sender-side system buffers (XT3 vshort)
  std::map<std::uintptr_t, std::uintptr_t> registered;  // RDMA registration cache: start -> end of each buffer
  std::int64_t library_bytes_registered = 0;            // the MPI's own buffers: the largest registered
  sim::Time shared_memory_free = 0;                     // when this rank can start its next copy to another on its node
  // Mailbox connections by peer world rank (machines with mailbox credits): when each credit of
  // this rank's mailbox slots at that peer comes back.
  std::unordered_map<int, std::vector<sim::Time>> mailboxes;
  // Messages that arrived while this rank was outside MPI (not yet started, or computing): their
  // senders' credits (sender world rank, slot) come back only when it next enters a call; and the
  // sender fibers blocked until then.
  std::vector<std::pair<int, int>> credits_owed;
  std::vector<int> credit_waiters;

  // Receive resources in use (see hw::ReceiveResources).
  std::int64_t unexpected_bytes = 0;
  std::int64_t unexpected_events = 0;
  std::int64_t other_events = 0;
};

}  // namespace xo::mpi
