#pragma once
// The steps every point-to-point entry point shares: validate and post a send or a receive,
// wait for a request in virtual time, and retire it into an MPI_Status.

#include <mpi.h>

#include <span>

#include "request.hpp"
#include "xo/hwmodels/protocol.hpp"

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

// Blocks the calling rank until `request` is complete in virtual time.
void wait_for(Request* request);
// Blocks until at least one of `requests` (nullptr entries are inactive) is complete; returns the
// index of the earliest completion, or -1 if every entry is inactive.
int wait_for_any(std::span<Request* const> requests);
// Blocks until every non-null request is complete for the running rank (MPI_Waitall): the rank is
// woken once, by the last completion, not by each.
void wait_for_all(std::span<Request* const> requests);
// Whether `request` is complete at the calling rank's present time.
bool is_done(const Request* request);
// Charges receive overhead, fills `status` (may be null), releases the request and throws
// MpiError on a truncated receive. `handle`, if not null, is removed from the table and nulled,
// unless it is persistent: then it stays, inactive.
void retire(Request* request, MPI_Status* status, MPI_Request* handle);
// Like retire, but reports truncation in status->MPI_ERROR instead of throwing; returns the error.
int retire_quietly(Request* request, MPI_Status* status, MPI_Request* handle);

// Handle lookup for the calling rank; MPI_REQUEST_NULL gives nullptr.
Request* find_request(MPI_Request handle);
MPI_Request add_request(Request* request);

}  // namespace xo::mpi
