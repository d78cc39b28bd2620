#pragma once
// The two CommShared objects of an intercommunicator: one per group, sharing one context, each
// with its hidden intracommunicator for the local steps of collectives (see communicator.hpp).

#include <array>
#include <memory>
#include <string>

#include "xo/mpi/state/communicator.hpp"

namespace xo::mpi {

class World;

// The lowest MPI_COMM_WORLD rank in `group` (which is not empty).
int lowest_world_rank(const Group& group);

// This group's side of an intercommunicator on `context`: `side` as CommShared::side defines it.
std::shared_ptr<const CommShared> make_inter_side(World& world, int context, std::shared_ptr<const Group> local,
                                                  std::shared_ptr<const Group> remote, const std::string& name,
                                                  int common_context);

// A new intercommunicator between the disjoint, non-empty groups `a` and `b`: {a's side, b's side}.
std::array<std::shared_ptr<const CommShared>, 2> make_intercomm(World& world, std::shared_ptr<const Group> a,
                                                                std::shared_ptr<const Group> b, const std::string& name,
                                                                int common_context);

}  // namespace xo::mpi
