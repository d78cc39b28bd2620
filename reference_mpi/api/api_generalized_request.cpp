// Generalized requests (MPI-3.1 section 12.2) and the status setters their query callbacks use
// (section 12.3). The program completes one with MPI_Grequest_complete; MPI_Wait/MPI_Test then
// retire it like any request (request_wait.cpp calls retire_generalized, defined with the
// requests in generalized_request.cpp).

#include "api_call.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::Request;
using xo::mpi::World;

extern "C" {

int MPI_Grequest_start(MPI_Grequest_query_function* query_fn, MPI_Grequest_free_function* free_fn,
                       MPI_Grequest_cancel_function* cancel_fn, void* extra_state, MPI_Request* request) {
  return api_call("MPI_Grequest_start", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(request, "request");
    World& world = World::current();
    Request* r = world.new_request();
    r->kind = Request::Kind::Generalized;
    r->owner = world.self().world_rank;
    r->call = "MPI_Grequest_start";
    world.self().generalized[r] = {query_fn, free_fn, cancel_fn, extra_state};
    *request = xo::mpi::add_request(r);
  });
}

int MPI_Grequest_complete(MPI_Request request) {
  return api_call("MPI_Grequest_complete", MPI_COMM_WORLD, [&] {
    Request* r = xo::mpi::find_request(request);
    if (r == nullptr || r->kind != Request::Kind::Generalized || r->complete) {
      throw MpiError(MPI_ERR_REQUEST, "request " + std::to_string(request) +
                                          " is not a pending generalized request (from MPI_Grequest_start)");
    }
    World& world = World::current();
    world.complete(r, world.engine().now());
  });
}

int MPI_Status_set_elements(MPI_Status* status, MPI_Datatype datatype, int count) {
  return MPI_Status_set_elements_x(status, datatype, count);
}

int MPI_Status_set_elements_x(MPI_Status* status, MPI_Datatype datatype, MPI_Count count) {
  return api_call("MPI_Status_set_elements_x", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(status, "status");
    xo::mpi::require_count(count);
    status->xo_bytes = static_cast<long>(count * World::current().self().datatypes.get(datatype).size());
  });
}

int MPI_Status_set_cancelled(MPI_Status* status, int flag) {
  return api_call("MPI_Status_set_cancelled", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(status, "status");
    status->xo_cancelled = flag != 0 ? 1 : 0;
  });
}

}  // extern "C"
