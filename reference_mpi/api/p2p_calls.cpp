#include "p2p_calls.hpp"

#include <algorithm>
#include <string>

#include "api_call.hpp"
#include "api_layer.hpp"
#include "buffer_check.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// The ranks a send or receive on `comm` may name: on an intercommunicator, the remote group's.
std::string comm_size_text(const CommHandle& comm) {
  return (comm.is_inter() ? "the remote group of " : "") + comm.shared->name + " has " +
         std::to_string(comm.peer_size()) + " ranks (0 to " + std::to_string(comm.peer_size() - 1) + ")";
}

void check_send_tag(int tag) {
  if (tag < 0 || tag > MPI_TAG_UB_VALUE) {
    throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid for a send: tags run from 0 to " +
                                    std::to_string(MPI_TAG_UB_VALUE) + " (MPI_ANY_TAG is for receives only)");
  }
}

void check_recv_tag(int tag) {
  if (tag != MPI_ANY_TAG && (tag < 0 || tag > MPI_TAG_UB_VALUE)) {
    throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid: use 0 to " +
                                    std::to_string(MPI_TAG_UB_VALUE) + " or MPI_ANY_TAG");
  }
}

// A request that is already complete: the MPI_PROC_NULL case.
Request* null_peer_request(World& world, Request::Kind kind, const char* call) {
  Request* r = world.new_request();
  r->kind = kind;
  r->owner = world.self().world_rank;
  r->call = call;
  r->status.MPI_SOURCE = MPI_PROC_NULL;
  r->status.MPI_TAG = MPI_ANY_TAG;
  r->complete = true;
  r->complete_time = world.engine().now();
  return r;
}

// A request with its envelope: communicator, peer, tag and typed count.
Request* new_envelope(World& world, Request::Kind kind, const char* call, const CommHandle& handle, MPI_Comm comm,
                      int peer, int tag, int count, DatatypeRef datatype) {
  Request* r = world.new_request();
  r->kind = kind;
  r->call = call;
  r->owner = world.self().world_rank;
  r->context = handle.shared->context;
  r->peer = peer;
  r->tag = tag;
  r->comm = comm;
  r->self_rank = handle.my_rank;
  r->count = count;
  r->bytes = static_cast<std::int64_t>(count) * datatype->size();
  r->type = std::move(datatype);
  return r;
}

// The committed type a send or receive moves. No data moves with count 0, and MPICH accepts
// MPI_DATATYPE_NULL then (its pt2pt/recvnull test), as programs that pass "nothing" rely on.
DatatypeRef datatype_for(const RankState& self, int count, MPI_Datatype type) {
  if (count == 0 && type == MPI_DATATYPE_NULL) return DatatypeRef{predefined_datatype(MPI_BYTE), {}};
  return self.datatypes.get_committed(type);
}

MessageEvent message_event(const Request& r) { return MessageEvent{r.context, r.peer, r.tag, r.bytes, r.trace_id}; }

}  // namespace

void report_posted(Request* r, Request::Traced traced, sim::Time at) {
  World& world = World::current();
  r->traced = traced;
  RunObserver* observer = world.observer();
  if (observer == nullptr || traced == Request::Traced::No) return;
  if (traced == Request::Traced::Nonblocking) r->trace_id = ++api_self(world).trace_requests;
  if (r->kind == Request::Kind::Send) {
    traced == Request::Traced::Nonblocking ? observer->isend(r->owner, message_event(*r), at)
                                           : observer->send(r->owner, message_event(*r), at);
  } else if (traced == Request::Traced::Nonblocking) {
    observer->irecv_request(r->owner, r->trace_id, at);
  }
}

namespace {

// The send once the communicator is found and the count checked (the first errors MPI names).
Request* post_send_on(World& world, RankState& self, const CommHandle& handle, const char* call, const void* buf,
                      int count, DatatypeRef datatype, int dest, int tag, MPI_Comm comm, hw::SendMode mode,
                      Request::Traced traced) {
  check_send_tag(tag);
  if (dest == MPI_PROC_NULL) return null_peer_request(world, Request::Kind::Send, call);
  require_buffer(buf, count, *datatype, "the send buffer");
  if (dest < 0 || dest >= handle.peer_size()) {
    throw MpiError(MPI_ERR_RANK,
                   "destination rank " + std::to_string(dest) + " does not exist: " + comm_size_text(handle));
  }
  Request* r = new_envelope(world, Request::Kind::Send, call, handle, comm, dest, tag, count, std::move(datatype));
  r->mode = mode;
  r->send_buffer = buf;
  report_posted(r, traced, world.engine().now());
  start_send(world, self, r, handle.peer_world_rank(dest));
  return r;
}

}  // namespace

Request* post_send(const char* call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   hw::SendMode mode, Request::Traced traced) {
  World& world = World::current();
  RankState& self = world.self();
  const CommHandle& handle = self.comms.get(comm);  // the communicator is checked first, as before the datatype
  require_count(count);
  return post_send_on(world, self, handle, call, buf, count, datatype_for(self, count, type), dest, tag, comm, mode,
                      traced);
}

Request* post_send(const char* call, const void* buf, int count, DatatypeRef datatype, int dest, int tag, MPI_Comm comm,
                   hw::SendMode mode, Request::Traced traced) {
  World& world = World::current();
  RankState& self = world.self();
  const CommHandle& handle = self.comms.get(comm);
  require_count(count);
  return post_send_on(world, self, handle, call, buf, count, std::move(datatype), dest, tag, comm, mode, traced);
}

namespace {

// The receive once the communicator is found and the count checked.
Request* post_recv_on(World& world, RankState& self, const CommHandle& handle, const char* call, void* buf, int count,
                      DatatypeRef datatype, int source, int tag, MPI_Comm comm, Request::Traced traced) {
  check_recv_tag(tag);
  if (source == MPI_PROC_NULL) return null_peer_request(world, Request::Kind::Recv, call);
  require_buffer(buf, count, *datatype, "the receive buffer");
  if (source != MPI_ANY_SOURCE && (source < 0 || source >= handle.peer_size())) {
    throw MpiError(MPI_ERR_RANK, "source rank " + std::to_string(source) + " does not exist: " +
                                     comm_size_text(handle) + "; use MPI_ANY_SOURCE to receive from any rank");
  }
  Request* r = new_envelope(world, Request::Kind::Recv, call, handle, comm, source, tag, count, std::move(datatype));
  r->recv_buffer = buf;
  report_posted(r, traced, world.engine().now());
  start_recv(world, self, r);
  return r;
}

}  // namespace

Request* post_recv(const char* call, void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   Request::Traced traced) {
  World& world = World::current();
  RankState& self = world.self();
  const CommHandle& handle = self.comms.get(comm);
  require_count(count);
  return post_recv_on(world, self, handle, call, buf, count, datatype_for(self, count, type), source, tag, comm,
                      traced);
}

Request* post_recv(const char* call, void* buf, int count, DatatypeRef datatype, int source, int tag, MPI_Comm comm,
                   Request::Traced traced) {
  World& world = World::current();
  RankState& self = world.self();
  const CommHandle& handle = self.comms.get(comm);
  require_count(count);
  return post_recv_on(world, self, handle, call, buf, count, std::move(datatype), source, tag, comm, traced);
}

Request* completed_request(const char* call) {
  World& world = World::current();
  Request* r = world.new_request();
  r->owner = world.self().world_rank;
  r->call = call;
  r->complete = true;
  r->complete_time = world.engine().now();
  return r;
}

Request* post_matched_recv(const char* call, void* buf, int count, MPI_Datatype type, MPI_Comm comm, Message* m,
                           Request::Traced traced) {
  World& world = World::current();
  RankState& self = world.self();
  CommHandle& handle = self.comms.get(comm);
  require_count(count);
  auto datatype = self.datatypes.get_committed(type);
  require_buffer(buf, count, *datatype, "the receive buffer");
  Request* r =
      new_envelope(world, Request::Kind::Recv, call, handle, comm, m->source, m->tag, count, std::move(datatype));
  r->recv_buffer = buf;
  report_posted(r, traced, world.engine().now());
  // As start_recv does with a message it finds in the unexpected queue.
  release_unexpected(world, self, *m);
  deliver(world, r, m, world.engine().now(), true);
  return r;
}

}  // namespace xo::mpi
