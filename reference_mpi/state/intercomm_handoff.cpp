#include "xo/mpi/state/intercomm_handoff.hpp"

#include <mpi.h>

#include <cassert>

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void IntercommHandoffs::arrive(Key key, int local_leader, int my_rank, int members,
                               const std::string& comm_name) {  // simcall
  sim::Simcall simcall(World::running().engine());
  auto [it, first] = entries_.try_emplace(key);
  Entry& e = it->second;
  if (first) {
    e.leader = local_leader;
    e.first_rank = my_rank;
    e.members = members;
    return;
  }
  if (e.leader != local_leader) {
    throw MpiError(MPI_ERR_RANK, "rank " + std::to_string(e.first_rank) + " of " + comm_name + " passed local_leader " +
                                     std::to_string(e.leader) + ", this rank " + std::to_string(local_leader) +
                                     "; every rank of local_comm must name the same leader");
  }
}

void IntercommHandoffs::publish(Key key, std::shared_ptr<const CommShared> side) {  // simcall
  sim::Simcall simcall(World::running().engine());
  entries_[key].side = std::move(side);
}

void IntercommHandoffs::publish_error(Key key, const MpiError& error) {  // simcall
  sim::Simcall simcall(World::running().engine());
  entries_[key].error = error;
}

std::shared_ptr<const CommShared> IntercommHandoffs::take(Key key) {  // simcall
  sim::Simcall simcall(World::running().engine());
  auto it = entries_.find(key);
  assert(it != entries_.end() && "every member arrives before it takes");
  Entry e = it->second;
  if (++it->second.taken == it->second.members) entries_.erase(it);
  if (e.error) throw *e.error;
  return e.side;
}

}  // namespace xo::mpi
