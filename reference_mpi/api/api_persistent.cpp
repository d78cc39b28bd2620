// Persistent requests (MPI-1 section 3.9): MPI_Send_init, MPI_Bsend_init, MPI_Ssend_init,
// MPI_Rsend_init and MPI_Recv_init keep a send's or receive's arguments under a handle; each
// MPI_Start or MPI_Startall posts it exactly as the matching MPI_Isend, MPI_Ibsend, MPI_Issend,
// MPI_Irsend or MPI_Irecv would (same protocol, same costs, traced as that nonblocking call).
// Completing it in Wait or Test leaves the handle inactive, ready for the next start.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "api_call.hpp"
#include "buffered_send.hpp"
#include "nonblocking_collective.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/world.hpp"

using xo::hw::SendMode;
using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::PersistentRequest;
using xo::mpi::Request;
using xo::mpi::World;

namespace {

using Operation = PersistentRequest::Operation;

// Checks the arguments as the nonblocking call would (communicator, count, datatype, tag, peer) and
// files the request, inactive.
int init(const char* call, Operation operation, SendMode mode, const void* buf, int count, MPI_Datatype datatype,
         int peer, int tag, MPI_Comm comm, MPI_Request* request) {
  return api_call(call, comm, [&] {
    xo::mpi::require_pointer(request, "request");
    xo::mpi::RankState& self = World::current().self();
    const xo::mpi::CommHandle& handle = self.comms.get(comm);
    xo::mpi::require_count(count);
    auto persistent = std::make_unique<PersistentRequest>();
    persistent->type = self.datatypes.get_committed(datatype);
    const bool receiving = operation == Operation::Recv;
    if (receiving ? (tag != MPI_ANY_TAG && (tag < 0 || tag > MPI_TAG_UB_VALUE)) : (tag < 0 || tag > MPI_TAG_UB_VALUE)) {
      throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid: use 0 to " +
                                      std::to_string(MPI_TAG_UB_VALUE) + (receiving ? " or MPI_ANY_TAG" : ""));
    }
    const bool wildcard = receiving && peer == MPI_ANY_SOURCE;
    if (peer != MPI_PROC_NULL && !wildcard && (peer < 0 || peer >= handle.size())) {
      throw MpiError(MPI_ERR_RANK, std::string(receiving ? "source" : "destination") + " rank " + std::to_string(peer) +
                                       " does not exist: " + handle.shared->name + " has " +
                                       std::to_string(handle.size()) + " ranks");
    }
    persistent->operation = operation;
    persistent->mode = mode;
    persistent->init_call = call;
    persistent->buffer = const_cast<void*>(buf);  // a send never writes it
    persistent->count = count;
    persistent->peer = peer;
    persistent->tag = tag;
    persistent->comm = comm;
    *request = self.requests.add_persistent(std::move(persistent));
  });
}

// The persistent request behind `handle`, which must be inactive.
PersistentRequest& startable(MPI_Request handle) {
  xo::mpi::RequestTable& requests = World::current().self().requests;
  PersistentRequest* persistent = requests.persistent(handle);
  if (persistent == nullptr) {
    throw MpiError(MPI_ERR_REQUEST, handle == MPI_REQUEST_NULL
                                        ? std::string("the request is MPI_REQUEST_NULL")
                                        : "request " + std::to_string(handle) +
                                              " is not persistent; only MPI_Xxx_init requests can be started");
  }
  if (requests.get(handle) != nullptr) {
    throw MpiError(MPI_ERR_REQUEST, "request " + std::to_string(handle) + " (from " + persistent->init_call +
                                        ") is still active; complete it with MPI_Wait or MPI_Test before starting "
                                        "it again");
  }
  return *persistent;
}

Request* post(PersistentRequest& p) {
  const char* call = p.init_call;
  switch (p.operation) {
    case Operation::Recv:
      return xo::mpi::post_recv(call, p.buffer, p.count, p.type, p.peer, p.tag, p.comm, Request::Traced::Nonblocking);
    case Operation::BufferedSend:
      return xo::mpi::post_buffered_isend(call, p.buffer, p.count, p.type, p.peer, p.tag, p.comm);
    case Operation::Collective:  // members match starts by init, then by start count (MPI-4.0 section 6.13)
      ++p.number.start;
      return xo::mpi::start_nonblocking_collective(call, p.comm, p.held, p.twin, p.number);
    case Operation::Send: break;
  }
  return xo::mpi::post_send(call, p.buffer, p.count, p.type, p.peer, p.tag, p.comm, p.mode,
                            Request::Traced::Nonblocking);
}

// The communicator whose error handler a start's errors go to: the request's, if it is one.
MPI_Comm comm_of(const MPI_Request* request) {
  if (request == nullptr) return MPI_COMM_WORLD;
  try {
    const PersistentRequest* p = World::current().self().requests.persistent(*request);
    return p != nullptr ? p->comm : MPI_COMM_WORLD;
  } catch (const MpiError&) {
    return MPI_COMM_WORLD;  // reported by the call itself
  }
}

}  // namespace

extern "C" {

int MPI_Send_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  return init("MPI_Send_init", Operation::Send, SendMode::Standard, buf, count, datatype, dest, tag, comm, request);
}

int MPI_Bsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return init("MPI_Bsend_init", Operation::BufferedSend, SendMode::Buffered, buf, count, datatype, dest, tag, comm,
              request);
}

int MPI_Ssend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return init("MPI_Ssend_init", Operation::Send, SendMode::Synchronous, buf, count, datatype, dest, tag, comm, request);
}

int MPI_Rsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  return init("MPI_Rsend_init", Operation::Send, SendMode::Ready, buf, count, datatype, dest, tag, comm, request);
}

int MPI_Recv_init(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  return init("MPI_Recv_init", Operation::Recv, SendMode::Standard, buf, count, datatype, source, tag, comm, request);
}

int MPI_Start(MPI_Request* request) {
  return api_call("MPI_Start", comm_of(request), [&] {
    xo::mpi::require_pointer(request, "request");
    PersistentRequest& p = startable(*request);
    World::current().self().requests.activate(*request, post(p));
  });
}

int MPI_Startall(int count, MPI_Request requests[]) {
  return api_call("MPI_Startall", count > 0 && requests != nullptr ? comm_of(&requests[0]) : MPI_COMM_WORLD, [&] {
    xo::mpi::require_count(count);
    if (count > 0) xo::mpi::require_pointer(requests, "requests");
    // Every request is checked before any starts, so an error leaves them all as they were.
    std::vector<MPI_Request> sorted(requests, requests + count);
    std::sort(sorted.begin(), sorted.end());
    const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
    if (twice != sorted.end()) {
      throw MpiError(MPI_ERR_REQUEST, "request " + std::to_string(*twice) +
                                          " is listed twice; a request can be started once until it completes");
    }
    std::vector<PersistentRequest*> starting;
    for (int i = 0; i < count; ++i) starting.push_back(&startable(requests[i]));
    for (int i = 0; i < count; ++i) {
      World::current().self().requests.activate(requests[i], post(*starting[static_cast<std::size_t>(i)]));
    }
  });
}

}  // extern "C"
