#pragma once
// For this tool's own benchmark programs, not MPI: lets a rank wait, without any MPI call or trace
// event, until the simulation's clock reads a given time, so that the ranks of `xo bench`'s
// collective sweeps can start each call at one virtual instant (no skew from the barrier that
// lined them up). Must be called from a rank of a running simulation.

namespace xo::mpi {

// Seconds of virtual time as MPI_Wtime reads them; a time already past returns at once.
void wait_until_virtual_time(double seconds);

}  // namespace xo::mpi
