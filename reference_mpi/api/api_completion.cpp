// MPI completion calls: the Wait and Test families, request freeing and cancellation, and the
// status queries (MPI_Request_get_status looks without freeing).

#include <algorithm>
#include <string>
#include <vector>

#include "api_call.hpp"
#include "api_layer.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::Request;
using xo::mpi::World;

namespace {

void set_empty_status(MPI_Status* status) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = MPI_ANY_SOURCE;
  status->MPI_TAG = MPI_ANY_TAG;
  status->MPI_ERROR = MPI_SUCCESS;
  status->xo_bytes = 0;
  status->xo_cancelled = 0;
}

void check_array(int count, const void* requests) {
  xo::mpi::require_count(count);
  if (count > 0 && requests == nullptr) throw MpiError(MPI_ERR_ARG, "the request array is a null pointer");
}

// The requests behind `handles` (nullptr for MPI_REQUEST_NULL), in the calling rank's reusable
// buffer. Not a thread_local: every rank runs on the same thread, and a rank blocked in Waitall
// must not find its list overwritten by the next rank's Waitall.
std::vector<Request*>& lookup(int count, const MPI_Request handles[]) {
  std::vector<Request*>& found = xo::mpi::api_self(World::current()).request_scratch;
  found.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) found[static_cast<std::size_t>(i)] = xo::mpi::find_request(handles[i]);
  return found;
}

MPI_Status* status_at(MPI_Status statuses[], int i) {
  return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
}

// If a retired request failed: each status gets its request's error (MPI_SUCCESS for the others)
// and the call fails with MPI_ERR_IN_STATUS, as MPI-3.1 section 3.7.5 has it.
void fail_in_status(const std::vector<int>& errors, MPI_Status statuses[]) {
  if (std::all_of(errors.begin(), errors.end(), [](int e) { return e == MPI_SUCCESS; })) return;
  if (statuses != MPI_STATUSES_IGNORE) {
    for (std::size_t i = 0; i < errors.size(); ++i) statuses[i].MPI_ERROR = errors[i];
  }
  throw MpiError(MPI_ERR_IN_STATUS, World::current().self().pending_truncation);
}

// Retires every request done at the present time; returns how many, and throws MPI_ERR_IN_STATUS
// after retiring them all if any was truncated.
int retire_done(int count, MPI_Request handles[], const std::vector<Request*>& requests, int indices[],
                MPI_Status statuses[]) {
  int done = 0;
  std::vector<int>& errors = xo::mpi::api_self(World::current()).error_scratch;
  errors.clear();
  for (int i = 0; i < count; ++i) {
    Request* r = requests[static_cast<std::size_t>(i)];
    if (r == nullptr || !xo::mpi::is_done(r)) continue;
    errors.push_back(xo::mpi::retire_quietly(r, status_at(statuses, done), &handles[i]));
    indices[done++] = i;
  }
  fail_in_status(errors, statuses);
  return done;
}

// Retires every request of a Waitall or Testall that found them all done.
void retire_all(int count, MPI_Request handles[], const std::vector<Request*>& requests, MPI_Status statuses[]) {
  std::vector<int>& errors = xo::mpi::api_self(World::current()).error_scratch;
  errors.clear();
  for (int i = 0; i < count; ++i) {
    Request* r = requests[static_cast<std::size_t>(i)];
    if (r == nullptr) {
      set_empty_status(status_at(statuses, i));
      errors.push_back(MPI_SUCCESS);
      continue;
    }
    errors.push_back(xo::mpi::retire_quietly(r, status_at(statuses, i), &handles[i]));
  }
  fail_in_status(errors, statuses);
}

// Whether `bytes` of packed data end on a boundary between basic elements of `type`: otherwise
// MPI_Get_elements has no whole count to give (MPI_UNDEFINED).
bool ends_on_element(const xo::mpi::Datatype& type, std::int64_t bytes) {
  if (type.size() == 0) return bytes == 0;
  std::int64_t rest = bytes % type.size();
  for (const xo::mpi::TypeBlock& block : type.blocks()) {
    if (rest <= 0) break;
    const std::int64_t taken = std::min(rest, block.bytes);
    if (taken % xo::mpi::basic_size(block.basic) != 0) return false;
    rest -= taken;
  }
  return true;
}

void charge_poll() { World::current().poll_without_progress(); }

}  // namespace

extern "C" {

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  return api_call("MPI_Wait", MPI_COMM_WORLD, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    Request* r = xo::mpi::find_request(*request);
    if (r == nullptr) return set_empty_status(status);
    xo::mpi::wait_for(r);
    xo::mpi::retire(r, status, request);
  });
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  return api_call("MPI_Waitall", MPI_COMM_WORLD, [&] {
    check_array(count, requests);
    std::vector<Request*>& found = lookup(count, requests);
    xo::mpi::wait_for_all(found);
    retire_all(count, requests, found, statuses);
  });
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  return api_call("MPI_Waitany", MPI_COMM_WORLD, [&] {
    check_array(count, requests);
    if (index == nullptr) throw MpiError(MPI_ERR_ARG, "index is a null pointer");
    std::vector<Request*>& found = lookup(count, requests);
    const int i = xo::mpi::wait_for_any(found);
    *index = i < 0 ? MPI_UNDEFINED : i;
    if (i < 0) return set_empty_status(status);
    xo::mpi::retire(found[static_cast<std::size_t>(i)], status, &requests[i]);
  });
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  return api_call("MPI_Waitsome", MPI_COMM_WORLD, [&] {
    check_array(incount, requests);
    if (outcount == nullptr || (incount > 0 && indices == nullptr)) {
      throw MpiError(MPI_ERR_ARG, "outcount or indices is a null pointer");
    }
    std::vector<Request*>& found = lookup(incount, requests);
    *outcount = MPI_UNDEFINED;
    if (xo::mpi::wait_for_any(found) < 0) return;
    *outcount = retire_done(incount, requests, found, indices, statuses);
  });
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  return api_call("MPI_Test", MPI_COMM_WORLD, [&] {
    if (request == nullptr || flag == nullptr) throw MpiError(MPI_ERR_ARG, "request or flag is a null pointer");
    Request* r = xo::mpi::find_request(*request);
    *flag = 1;
    if (r == nullptr) return set_empty_status(status);
    if (xo::mpi::is_done(r)) return xo::mpi::retire(r, status, request);
    *flag = 0;
    charge_poll();
  });
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  return api_call("MPI_Testall", MPI_COMM_WORLD, [&] {
    check_array(count, requests);
    if (flag == nullptr) throw MpiError(MPI_ERR_ARG, "flag is a null pointer");
    std::vector<Request*>& found = lookup(count, requests);
    *flag = 1;
    for (Request* r : found) {
      if (r != nullptr && !xo::mpi::is_done(r)) *flag = 0;
    }
    if (*flag == 0) return charge_poll();
    retire_all(count, requests, found, statuses);
  });
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  return api_call("MPI_Testany", MPI_COMM_WORLD, [&] {
    check_array(count, requests);
    if (index == nullptr || flag == nullptr) throw MpiError(MPI_ERR_ARG, "index or flag is a null pointer");
    std::vector<Request*>& found = lookup(count, requests);
    *index = MPI_UNDEFINED;
    bool any_active = false;
    int best = -1;
    for (int i = 0; i < count; ++i) {
      Request* r = found[static_cast<std::size_t>(i)];
      if (r == nullptr) continue;
      any_active = true;
      if (xo::mpi::is_done(r) &&
          (best < 0 || r->complete_time < found[static_cast<std::size_t>(best)]->complete_time)) {
        best = i;
      }
    }
    *flag = (best >= 0 || !any_active) ? 1 : 0;
    if (!any_active) return set_empty_status(status);
    if (best < 0) return charge_poll();
    *index = best;
    xo::mpi::retire(found[static_cast<std::size_t>(best)], status, &requests[best]);
  });
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  return api_call("MPI_Testsome", MPI_COMM_WORLD, [&] {
    check_array(incount, requests);
    if (outcount == nullptr || (incount > 0 && indices == nullptr)) {
      throw MpiError(MPI_ERR_ARG, "outcount or indices is a null pointer");
    }
    std::vector<Request*>& found = lookup(incount, requests);
    bool any_active = false;
    for (Request* r : found) any_active |= r != nullptr;
    *outcount = MPI_UNDEFINED;
    if (!any_active) return;
    *outcount = retire_done(incount, requests, found, indices, statuses);
    if (*outcount == 0) charge_poll();
  });
}

int MPI_Request_free(MPI_Request* request) {
  return api_call("MPI_Request_free", MPI_COMM_WORLD, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    Request* r = xo::mpi::find_request(*request);
    World& world = World::current();
    const bool persistent = world.self().requests.persistent(*request) != nullptr;
    if (r == nullptr && !persistent) {
      throw MpiError(MPI_ERR_REQUEST, "MPI_Request_free was given MPI_REQUEST_NULL");
    }
    world.self().requests.remove(*request);  // an inactive persistent request has no transfer to finish
    *request = MPI_REQUEST_NULL;
    if (r == nullptr) return;
    if (r->complete) {
      if (r->kind == Request::Kind::Generalized) xo::mpi::free_generalized(world.self().generalized, r);
      world.release(r);
    } else {
      r->user_freed = true;  // released by the protocol when it completes
    }
  });
}

int MPI_Cancel(MPI_Request* request) {
  return api_call("MPI_Cancel", MPI_COMM_WORLD, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    Request* r = xo::mpi::find_request(*request);
    if (r == nullptr) {
      throw MpiError(MPI_ERR_REQUEST, *request == MPI_REQUEST_NULL
                                          ? "MPI_Cancel was given MPI_REQUEST_NULL"
                                          : "MPI_Cancel was given an inactive persistent request; start it first");
    }
    World& world = World::current();
    if (r->kind == Request::Kind::Generalized) {
      const int error = xo::mpi::cancel_generalized(world.self().generalized, r);
      if (error != MPI_SUCCESS) throw MpiError(error, "the cancel callback of the generalized request failed");
      return;
    }
    // Only a receive that has not matched can be cancelled; a send always completes normally,
    // which MPI permits (MPI_Test_cancelled then reports false).
    if (r->kind != Request::Kind::Recv || !world.self().queues.unpost(r)) return;
    xo::mpi::release_other_event(world, world.self());
    r->cancelled = true;
    r->status.MPI_SOURCE = MPI_ANY_SOURCE;
    r->status.MPI_TAG = MPI_ANY_TAG;
    r->status.xo_bytes = 0;
    r->status.xo_cancelled = 1;
    world.complete(r, world.engine().now());
  });
}

int MPI_Test_cancelled(const MPI_Status* status, int* flag) {
  return api_call("MPI_Test_cancelled", MPI_COMM_WORLD, [&] {
    if (status == nullptr || flag == nullptr) throw MpiError(MPI_ERR_ARG, "status or flag is a null pointer");
    *flag = status->xo_cancelled;
  });
}

int MPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  return api_call("MPI_Get_count", MPI_COMM_WORLD, [&] {
    if (status == nullptr || count == nullptr) throw MpiError(MPI_ERR_ARG, "status or count is a null pointer");
    const std::int64_t size = World::current().self().datatypes.get(datatype).size();
    if (size == 0) {
      *count = status->xo_bytes == 0 ? 0 : MPI_UNDEFINED;
    } else {
      *count = status->xo_bytes % size == 0 ? static_cast<int>(status->xo_bytes / size) : MPI_UNDEFINED;
    }
  });
}

int MPI_Get_elements(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  return api_call("MPI_Get_elements", MPI_COMM_WORLD, [&] {
    if (status == nullptr || count == nullptr) throw MpiError(MPI_ERR_ARG, "status or count is a null pointer");
    const xo::mpi::Datatype& type = World::current().self().datatypes.get(datatype);
    *count =
        ends_on_element(type, status->xo_bytes) ? static_cast<int>(type.elements_in(status->xo_bytes)) : MPI_UNDEFINED;
  });
}

int MPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
  return api_call("MPI_Request_get_status", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(flag, "flag");
    Request* r = xo::mpi::find_request(request);
    *flag = 1;
    if (r == nullptr) return set_empty_status(status);
    if (!xo::mpi::is_done(r)) {
      *flag = 0;
      return charge_poll();
    }
    // As the Wait and Test families report it, but the request stays active for them.
    if (status == MPI_STATUS_IGNORE) return;
    const int error_field = status->MPI_ERROR;  // not set by a single-request call
    if (r->kind == Request::Kind::Recv) {
      *status = r->status;
    } else {
      set_empty_status(status);
    }
    status->MPI_ERROR = error_field;
  });
}

}  // extern "C"
