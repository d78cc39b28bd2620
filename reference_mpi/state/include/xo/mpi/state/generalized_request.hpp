#pragma once
// Generalized requests (MPI-3.1 section 12.2): operations the program carries out itself and
// completes with MPI_Grequest_complete, waited for and tested like any request. The callbacks
// fill the status when a Wait or Test retires it (query), release the program's state (free) and
// pass MPI_Cancel on (cancel).

#include <mpi.h>

#include <unordered_map>

namespace xo::mpi {

struct Request;

struct GeneralizedCallbacks {
  MPI_Grequest_query_function* query = nullptr;
  MPI_Grequest_free_function* free = nullptr;
  MPI_Grequest_cancel_function* cancel = nullptr;
  void* extra_state = nullptr;
};

// A rank's generalized requests in flight, by request.
using GeneralizedRequests = std::unordered_map<const Request*, GeneralizedCallbacks>;

// Retiring one: runs query into `status` then free, and forgets the request; returns the first
// error code a callback gave.
int retire_generalized(GeneralizedRequests& requests, const Request* request, MPI_Status& status);
// MPI_Request_free of a completed one: runs free and forgets it.
int free_generalized(GeneralizedRequests& requests, const Request* request);
// MPI_Cancel: runs cancel with whether the program completed it already.
int cancel_generalized(const GeneralizedRequests& requests, const Request* request);

}  // namespace xo::mpi
