#pragma once
// A persistent request (MPI_Send_init, MPI_Bsend_init, MPI_Ssend_init, MPI_Rsend_init,
// MPI_Recv_init): the arguments of one send or receive, kept so that each MPI_Start posts it
// exactly as MPI_Isend, MPI_Ibsend, MPI_Issend, MPI_Irsend or MPI_Irecv would. A persistent
// collective (MPI_Bcast_init ..., MPI-4.0) keeps its blocking twin, and each start begins a
// nonblocking collective with it. The handle maps to the posted request while one is active;
// between a completion and the next start it is inactive.

#include <mpi.h>

#include <cstdint>

#include "xo/hwmodels/protocol.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/nonblocking_book.hpp"

namespace xo::mpi {

struct PersistentRequest {
  enum class Operation : std::uint8_t { Send, BufferedSend, Recv, Collective };

  Operation operation = Operation::Send;
  hw::SendMode mode = hw::SendMode::Standard;
  const char* init_call = "";  // the MPI_Xxx_init that made it, for reports of its requests
  void* buffer = nullptr;      // the receive buffer, or the send buffer (never written)
  int count = 0;
  DatatypeRef type;  // held, so the program may free its handle after the init
  int peer = 0;      // destination or source (MPI_ANY_SOURCE, MPI_PROC_NULL allowed)
  int tag = 0;
  MPI_Comm comm = MPI_COMM_NULL;
  // Collectives only.
  BlockingTwin twin;
  HeldHandles held;
  InstanceNumber number;  // the init's place among the communicator's nonblocking calls; starts so far
};

}  // namespace xo::mpi
