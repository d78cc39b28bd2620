#pragma once
// MPI_Intercomm_create inside one group: the group's leader exchanges group descriptions with the
// other group's leader and broadcasts the remote group in local_comm (both modelled as messages),
// then every member installs the same CommShared object, which the leader built. This table only
// hands that object over, so that a group of n ranks shares one copy of the remote group rather
// than building n; it also checks that the members name the same leader.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

class IntercommHandoffs {
 public:
  using Key = std::pair<int, std::uint64_t>;  // local_comm's context and the call's collective sequence

  // A member of local_comm arrives; throws MpiError(MPI_ERR_RANK) if an earlier member named another leader.
  void arrive(Key key, int local_leader, int my_rank, int members, const std::string& comm_name);
  // The leader's result: this group's side of the new intercommunicator, or the error all raise.
  void publish(Key key, std::shared_ptr<const CommShared> side);
  void publish_error(Key key, const MpiError& error);
  // What the leader published (throws its error); the last member to take it removes the entry.
  std::shared_ptr<const CommShared> take(Key key);

 private:
  struct Entry {
    int leader = 0;
    int first_rank = 0;
    int members = 0;
    int taken = 0;
    std::shared_ptr<const CommShared> side;
    std::optional<MpiError> error;
  };
  std::map<Key, Entry> entries_;
};

}  // namespace xo::mpi
