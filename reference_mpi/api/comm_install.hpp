#pragma once
// Handing out a communicator that a meeting (comm_meeting.hpp) produced.

#include <mpi.h>

#include <memory>

#include "xo/mpi/state/communicator.hpp"

namespace xo::mpi {

// Adds `shared` to the calling rank's table, inheriting the parent's error handler as MPI says,
// and tells the run's observer (CommCreate). A null `shared` gives MPI_COMM_NULL.
MPI_Comm install_communicator(std::shared_ptr<const CommShared> shared, const CommHandle& parent);

}  // namespace xo::mpi
