#pragma once
// The steps every point-to-point entry point shares: validate and post a send or a receive. Waiting
// for a request and retiring it are in request_wait.hpp, which this includes.

#include <mpi.h>

#include "xo/hwmodels/protocol.hpp"
#include "xo/mpi/state/request.hpp"
#include "xo/mpi/state/request_wait.hpp"

namespace xo::mpi {

class World;
struct Message;
struct RankState;

// `traced` says how the observer hears of the request (see Request::Traced).
Request* post_send(const char* call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   hw::SendMode mode, Request::Traced traced);
Request* post_recv(const char* call, void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   Request::Traced traced);
// The same with the datatype already looked up (a persistent request holds its type).
Request* post_send(const char* call, const void* buf, int count, DatatypeRef type, int dest, int tag, MPI_Comm comm,
                   hw::SendMode mode, Request::Traced traced);
Request* post_recv(const char* call, void* buf, int count, DatatypeRef type, int source, int tag, MPI_Comm comm,
                   Request::Traced traced);
// Tells the observer that `r`, a send or receive of the program's, was posted at `at`; gives a
// nonblocking request its trace id. Done by post_send and post_recv; MPI_Ibsend's request, which
// completes at once, is reported by its caller.
void report_posted(Request* r, Request::Traced traced, sim::Time at);

// A request with nothing left to do, complete now (MPI_Comm_idup): Wait and Test retire it at once.
Request* completed_request(const char* call);
// A receive of a message MPI_Mprobe or MPI_Improbe took off the unexpected queue: matched at once.
Request* post_matched_recv(const char* call, void* buf, int count, MPI_Datatype type, MPI_Comm comm, Message* message,
                           Request::Traced traced);

}  // namespace xo::mpi
