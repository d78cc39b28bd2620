#pragma once
// The world rank behind a communicator rank that a message event names (run_observer.hpp): an
// intercommunicator's events name ranks of the group the rank is not in, and MPI_COMM_SELF (whose
// world_ranks is empty) has the rank alone. For the writer's passes that pair messages by world
// rank (event_selection.cpp, profile_recorder.cpp), and MPI_COMM_SELF's id.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "xo/reference_mpi/run_observer.hpp"

namespace xo::tracer {

// The id every rank's MPI_COMM_SELF shares (run_observer.hpp: MPI_COMM_WORLD is 1, MPI_COMM_SELF 2).
inline constexpr int kCommSelfId = 2;

// World rank of rank `peer` of `comm` as world rank `self` sees it; -1 if `comm` has no such rank.
// A communicator not known (null) is taken as MPI_COMM_SELF.
inline int peer_world_rank(const mpi::CommInfo* comm, int self, std::int64_t peer) {
  if (comm == nullptr || comm->world_ranks.empty()) return self;
  const bool remote =
      comm->inter && std::find(comm->world_ranks.begin(), comm->world_ranks.end(), self) != comm->world_ranks.end();
  const std::vector<int>& group = remote ? comm->remote_world_ranks : comm->world_ranks;
  return peer >= 0 && static_cast<std::uint64_t>(peer) < group.size() ? group[static_cast<std::size_t>(peer)] : -1;
}

}  // namespace xo::tracer
