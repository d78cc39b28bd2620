#pragma once
// MPI_Intercomm_create at a group's leader: the two leaders exchange their groups over peer_comm
// with the program's tag, as real messages (the machine's protocols time them; they are not
// traced as the program's sends and receives, since the program did not make them). Each message
// pair is a header (group size, the context the leader with the lower MPI_COMM_WORLD rank
// allocates for the new intercommunicator, and the length of the group's description) followed by
// the description of the group's MPI_COMM_WORLD ranks (group_description.hpp).

#include <mpi.h>

#include <memory>

#include "xo/mpi/state/communicator.hpp"

namespace xo::mpi {

class World;

// This group's side of the new intercommunicator. Throws MpiError for a bad peer_comm or
// remote_leader, for groups that overlap, or for a reply that is not a group description (another
// message with the same tag was pending on peer_comm).
std::shared_ptr<const CommShared> lead_intercomm_create(World& world, const CommHandle& local, MPI_Comm peer_comm,
                                                        int remote_leader, int tag);

}  // namespace xo::mpi
