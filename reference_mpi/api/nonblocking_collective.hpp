#pragma once
// Nonblocking collectives (MPI-3.1 section 5.12: MPI_Ibarrier, MPI_Ibcast, ... MPI_Iexscan).
//
// How they progress: each call runs its blocking twin, with the machine's algorithm for it, on a
// task of its own (sim::Engine::spawn): a fiber that acts for the rank with a clock of its own.
// The task starts at the call and runs until it first waits; from then on it advances with the
// messages of the other members, whatever the program does meanwhile. That is an MPI with
// asynchronous progress (a progress thread, or a NIC that runs the schedule, as Cray MPT's
// MPICH_NEMESIS_ASYNC_PROGRESS on the XE6): computation overlaps the collective completely, and
// MPI_Wait costs only what is left. The seeds' MPIs predate MPI-3; on their machines the
// collective takes the path the blocking call would (a T3D barrier still uses the barrier wires).
//
// Each instance runs on a hidden copy of the communicator with a context of its own. Members
// agree on it by counting their nonblocking collective calls on the communicator, which MPI
// requires them to make in the same order; so concurrent instances, and blocking collectives,
// never match each other's messages.

#include <mpi.h>

#include "xo/mpi/state/nonblocking_book.hpp"

namespace xo::mpi {

// MPI_Ialltoallw's and MPI_Alltoallw_init's types, one per peer (the remote group's size on an
// intercommunicator); none when the communicator is not valid (the call reports it).
HeldHandles held_per_peer(const char* call, MPI_Comm comm, const MPI_Datatype sendtypes[],
                          const MPI_Datatype recvtypes[]);

// Starts `twin` in the background for the running rank and returns the request that completes
// with it. An error the twin meets before it first waits (a bad argument) is thrown here, as the
// call's own, and no request is made.
Request* start_nonblocking_collective(const char* call, MPI_Comm comm, HeldHandles held, BlockingTwin twin,
                                      InstanceNumber number = {});

}  // namespace xo::mpi
