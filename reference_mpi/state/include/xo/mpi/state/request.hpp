#pragma once
// A pending send or receive. Completion may be known before it happens in virtual time (the
// protocol computes when the last byte lands), so a request is complete *for its rank* only once
// the rank's clock reaches complete_time. Requests are pooled: none is allocated per message in
// steady state.

#include <mpi.h>

#include <cstdint>
#include <memory>

#include "xo/hwmodels/protocol.hpp"
#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/mpi/state/datatype_table.hpp"

namespace xo::mpi {

struct Message;

struct Request {
  // Collective: MPI_Ibcast ...; Generalized: MPI_Grequest_start.
  enum class Kind : std::uint8_t { Send, Recv, Collective, Generalized };
  // How the program's call that made it is traced: not at all (collective steps, MPI_PROC_NULL),
  // as a blocking call (MpiSend, MpiRecv) or as a nonblocking one (MpiIsend ... MpiIsendComplete).
  enum class Traced : std::uint8_t { No, Blocking, Nonblocking };

  Kind kind = Kind::Send;
  bool complete = false;    // completion time known (complete_time)
  bool user_freed = false;  // MPI_Request_free called while pending: release on completion
  bool cancelled = false;
  bool internal = false;     // no user handle (blocking call, buffered send): never in a table
  bool posted = false;       // a receive sitting in the posted-receive queue
  bool holds_event = false;  // a pending send holding an event of its owner's "other" queue (XT3 Portals)
  Traced traced = Traced::No;
  std::uint64_t trace_id = 0;  // nonblocking: the request id in the trace, unique per rank
  hw::SendMode mode = hw::SendMode::Standard;
  int owner = 0;    // world rank
  int waiter = -1;  // the fiber (sim::Engine) that made it, woken on completion; -1: the owner's
  sim::Time complete_time = 0;

  // Matching criteria (receives) or envelope (sends), in communicator ranks.
  int context = 0;
  int peer = 0;  // destination (send) or source (receive; may be MPI_ANY_SOURCE)
  int tag = 0;
  MPI_Comm comm = MPI_COMM_NULL;  // the owner's handle, for error reports
  int self_rank = 0;              // the owner's rank in that communicator

  void* recv_buffer = nullptr;
  const void* send_buffer = nullptr;
  std::int64_t count = 0;
  DatatypeRef type;
  std::int64_t bytes = 0;  // count * type size

  MPI_Status status{};              // receives: filled at the match
  int error = MPI_SUCCESS;          // MPI_ERR_TRUNCATE on an oversized message
  std::int64_t truncated_from = 0;  // the oversized message's length
  const char* call = "";            // the MPI call that created it, for deadlock reports

  Message* message = nullptr;      // rendezvous send: its in-flight envelope
  Request* next_posted = nullptr;  // posted-receive queue link
  Request* prev_posted = nullptr;
  Request* next_free = nullptr;  // pool link
};

}  // namespace xo::mpi
