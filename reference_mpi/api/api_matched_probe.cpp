// MPI-3 matched probes: MPI_Mprobe and MPI_Improbe match a message and take it off the unexpected
// queue, so no other receive can match it; MPI_Mrecv and MPI_Imrecv then receive exactly that
// message. This is what makes probe-then-receive safe when several receives could match.

#include <string>

#include "api_call.hpp"
#include "buffer_check.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::Request;
using xo::mpi::World;

namespace {

void fill_status(MPI_Status* status, int source, int tag, long bytes) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = source;
  status->MPI_TAG = tag;
  status->xo_bytes = bytes;
  status->xo_cancelled = 0;
}

// Validates a probe's arguments and returns the communicator's context.
int probe_context(int source, int tag, MPI_Comm comm) {
  xo::mpi::CommHandle& handle = World::current().self().comms.get(comm);
  if (source != MPI_ANY_SOURCE && source != MPI_PROC_NULL && (source < 0 || source >= handle.size())) {
    throw MpiError(MPI_ERR_RANK, "source rank " + std::to_string(source) + " does not exist: " + handle.shared->name +
                                     " has " + std::to_string(handle.size()) + " ranks");
  }
  if (tag != MPI_ANY_TAG && (tag < 0 || tag > MPI_TAG_UB_VALUE)) {
    throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid: use 0 to " +
                                    std::to_string(MPI_TAG_UB_VALUE) + " or MPI_ANY_TAG");
  }
  return handle.shared->context;
}

// Takes the first matching unexpected message under a new message handle; false if none.
bool take_match(int context, int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  xo::mpi::RankState& self = World::current().self();
  xo::mpi::Message* m = self.queues.find_unexpected(context, source, tag, true);
  if (m == nullptr) return false;
  fill_status(status, m->source, m->tag, m->bytes);
  *message = self.matched.add({m, comm});
  return true;
}

// The message behind a handle, for MPI_Mrecv and MPI_Imrecv; nullptr for MPI_MESSAGE_NO_PROC.
xo::mpi::MatchedMessage take_message(MPI_Message* message) {
  xo::mpi::require_pointer(message, "message");
  if (*message == MPI_MESSAGE_NULL) {
    throw MpiError(MPI_ERR_REQUEST,
                   "the message is MPI_MESSAGE_NULL; receive a message handle that MPI_Mprobe "
                   "or MPI_Improbe returned");
  }
  if (*message == MPI_MESSAGE_NO_PROC) return {};
  return World::current().self().matched.take(*message);
}

// Checks a matched receive's arguments before the message is taken from its handle, so that an
// error leaves the message receivable.
void check_receive(const void* buf, int count, MPI_Datatype datatype) {
  xo::mpi::require_count(count);
  const auto type = World::current().self().datatypes.get_committed(datatype);
  xo::mpi::require_buffer(buf, count, *type, "the receive buffer");
}

}  // namespace

extern "C" {

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  return api_call("MPI_Mprobe", comm, [&] {
    xo::mpi::require_pointer(message, "message");
    const int context = probe_context(source, tag, comm);
    if (source == MPI_PROC_NULL) {
      *message = MPI_MESSAGE_NO_PROC;
      return fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    }
    World& world = World::current();
    xo::mpi::RankState& self = world.self();
    while (!take_match(context, source, tag, comm, message, status)) {
      self.blocked_in_probe = true;  // an arriving message wakes the rank (envelope_arrived)
      self.probe_source = source;
      self.probe_tag = tag;
      self.probe_comm = comm;
      world.engine().block();
    }
    self.blocked_in_probe = false;
  });
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  return api_call("MPI_Improbe", comm, [&] {
    xo::mpi::require_pointer(flag, "flag");
    xo::mpi::require_pointer(message, "message");
    const int context = probe_context(source, tag, comm);
    *flag = 1;
    if (source == MPI_PROC_NULL) {
      *message = MPI_MESSAGE_NO_PROC;
      return fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    }
    if (take_match(context, source, tag, comm, message, status)) return;
    *flag = 0;
    World::current().poll_without_progress();
  });
}

int MPI_Mrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Status* status) {
  return api_call("MPI_Mrecv", MPI_COMM_WORLD, [&] {
    if (message != nullptr && *message != MPI_MESSAGE_NO_PROC) check_receive(buf, count, datatype);
    const xo::mpi::MatchedMessage matched = take_message(message);
    *message = MPI_MESSAGE_NULL;
    if (matched.message == nullptr) return fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    Request* r = xo::mpi::post_matched_recv("MPI_Mrecv", buf, count, datatype, matched.comm, matched.message,
                                            Request::Traced::Blocking);
    xo::mpi::wait_for(r);
    xo::mpi::retire(r, status, nullptr);
  });
}

int MPI_Imrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Request* request) {
  return api_call("MPI_Imrecv", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(request, "request");
    if (message != nullptr && *message != MPI_MESSAGE_NO_PROC) check_receive(buf, count, datatype);
    const xo::mpi::MatchedMessage matched = take_message(message);
    *message = MPI_MESSAGE_NULL;
    Request* r = matched.message == nullptr
                     ? xo::mpi::post_recv("MPI_Imrecv", buf, count, datatype, MPI_PROC_NULL, 0, MPI_COMM_SELF,
                                          Request::Traced::Nonblocking)
                     : xo::mpi::post_matched_recv("MPI_Imrecv", buf, count, datatype, matched.comm, matched.message,
                                                  Request::Traced::Nonblocking);
    *request = xo::mpi::add_request(r);
  });
}

}  // extern "C"
