// The callbacks of generalized requests (MPI-3.1 section 12.2), run when a request is retired,
// freed or cancelled. State, not api: retiring a request (request_wait.cpp) runs them.

#include "xo/mpi/state/generalized_request.hpp"

#include "xo/mpi/state/request.hpp"

namespace xo::mpi {

int free_generalized(GeneralizedRequests& requests, const Request* request) {
  const auto found = requests.find(request);
  if (found == requests.end()) return MPI_SUCCESS;
  const GeneralizedCallbacks callbacks = found->second;
  requests.erase(found);
  return callbacks.free != nullptr ? callbacks.free(callbacks.extra_state) : MPI_SUCCESS;
}

int cancel_generalized(const GeneralizedRequests& requests, const Request* request) {
  const auto found = requests.find(request);
  if (found == requests.end() || found->second.cancel == nullptr) return MPI_SUCCESS;
  const GeneralizedCallbacks callbacks = found->second;
  return callbacks.cancel(callbacks.extra_state, request->complete ? 1 : 0);
}

int retire_generalized(GeneralizedRequests& requests, const Request* request, MPI_Status& status) {
  const auto found = requests.find(request);
  if (found == requests.end()) return MPI_SUCCESS;
  const GeneralizedCallbacks callbacks = found->second;  // the callback may call MPI: no iterator held
  const int queried = callbacks.query != nullptr ? callbacks.query(callbacks.extra_state, &status) : MPI_SUCCESS;
  const int freed = free_generalized(requests, request);
  return queried != MPI_SUCCESS ? queried : freed;
}

}  // namespace xo::mpi
