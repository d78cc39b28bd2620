#pragma once
// Waiting for requests in virtual time and retiring them into an MPI_Status: what every completion
// call shares, point-to-point or collective, blocking or not. Needs only the world's state (the
// rank, its requests, the engine and the observer), no protocol.

#include <mpi.h>

#include <span>

#include "xo/mpi/state/request.hpp"

namespace xo::mpi {

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
