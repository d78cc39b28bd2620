#include "p2p_calls.hpp"

#include <algorithm>
#include <string>

#include "../protocol/point_to_point.hpp"
#include "api_call.hpp"
#include "buffer_check.hpp"
#include "world.hpp"

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

// Tells the observer a traced request completed: MpiRecv or MpiIrecv with what arrived,
// MpiIsendComplete, or MpiRequestCancelled.
void report_retired(World& world, const Request& r) {
  RunObserver* observer = world.observer();
  if (observer == nullptr || r.traced == Request::Traced::No) return;
  const int rank = r.owner;
  const sim::Time now = world.engine().now();
  const bool nonblocking = r.traced == Request::Traced::Nonblocking;
  if (r.kind == Request::Kind::Collective) {
    CollectiveEvent event;
    if (world.nonblocking().take_event(&r, event)) observer->collective_complete(rank, event, r.trace_id, now);
  } else if (r.cancelled) {
    if (nonblocking) observer->request_cancelled(rank, r.trace_id, now);
  } else if (r.kind == Request::Kind::Recv) {
    const MessageEvent m{r.context, r.status.MPI_SOURCE, r.status.MPI_TAG, r.status.xo_bytes, r.trace_id};
    if (nonblocking) {
      observer->irecv(rank, m, now, std::min<sim::Time>(r.complete_time, now));
    } else {
      observer->recv(rank, m, now);
    }
  } else if (nonblocking) {
    observer->isend_complete(rank, r.trace_id, now, std::min<sim::Time>(r.complete_time, now));
  } else {
    observer->send_complete(rank, now, std::min<sim::Time>(r.complete_time, now));
  }
}

}  // namespace

void report_posted(Request* r, Request::Traced traced, sim::Time at) {
  World& world = World::current();
  r->traced = traced;
  RunObserver* observer = world.observer();
  if (observer == nullptr || traced == Request::Traced::No) return;
  if (traced == Request::Traced::Nonblocking) r->trace_id = ++world.self().trace_requests;
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
  release_unexpected(self, *m);
  deliver(world, r, m, world.engine().now(), true);
  return r;
}

bool is_done(const Request* r) {
  World& world = World::current();
  return r->complete && r->complete_time <= world.engine().now();
}

void wait_for(Request* r) {
  World& world = World::current();
  RankState& self = world.self();
  sim::Engine& engine = world.engine();
  if (!r->complete && world.running_task()) {
    while (!r->complete) engine.block();  // the task describes itself (World::describe_background)
  } else if (!r->complete) {
    self.waiting_for.assign(1, r);
    while (!r->complete) engine.block();
    self.waiting_for.clear();
  }
  // No sync here: the rest of this call touches only the request itself, and the next MPI call
  // syncs on entry before it looks at anything events can change.
  engine.advance_to(r->complete_time);
}

void wait_for_all(std::span<Request* const> requests) {
  World& world = World::current();
  RankState& self = world.self();
  sim::Engine& engine = world.engine();
  const auto incomplete = [&] {
    return std::any_of(requests.begin(), requests.end(), [](const Request* r) { return r != nullptr && !r->complete; });
  };
  if (incomplete()) {
    if (world.running_task()) {
      while (incomplete()) engine.block();
    } else {
      self.waiting_for.clear();
      for (Request* r : requests) {
        if (r != nullptr && !r->complete) self.waiting_for.push_back(r);
      }
      self.waiting_for_all = true;  // World::complete wakes the rank when the last of them completes
      while (incomplete()) engine.block();
      self.waiting_for_all = false;
      self.waiting_for.clear();
    }
  }
  for (const Request* r : requests) {
    if (r != nullptr) engine.advance_to(r->complete_time);
  }
}

int wait_for_any(std::span<Request* const> requests) {
  World& world = World::current();
  RankState& self = world.self();
  sim::Engine& engine = world.engine();
  bool waiting = false;
  for (;;) {
    int best = -1;
    bool any_active = false;
    for (std::size_t i = 0; i < requests.size(); ++i) {
      const Request* r = requests[i];
      if (r == nullptr) continue;
      any_active = true;
      if (r->complete && (best < 0 || r->complete_time < requests[static_cast<std::size_t>(best)]->complete_time)) {
        best = static_cast<int>(i);
      }
    }
    if (!any_active) return -1;
    const sim::Time now = engine.now();
    if (best >= 0 && requests[static_cast<std::size_t>(best)]->complete_time <= now) {
      if (waiting) self.waiting_for.clear();
      return best;
    }
    if (!waiting) {
      self.waiting_for.clear();
      for (Request* r : requests) {
        if (r != nullptr) self.waiting_for.push_back(r);
      }
      waiting = true;
    }
    if (best >= 0) {
      engine.block_until(requests[static_cast<std::size_t>(best)]->complete_time);  // an earlier one may wake us
    } else {
      engine.block();
    }
  }
}

int retire_quietly(Request* r, MPI_Status* status, MPI_Request* handle) {
  World& world = World::current();
  RankState& self = world.self();
  if (r->kind == Request::Kind::Recv && r->status.MPI_SOURCE != MPI_PROC_NULL && !r->cancelled) {
    world.engine().advance(sim::seconds_to_time(world.machine().link(self.world_rank, self.world_rank).recv_overhead));
  }
  report_retired(world, *r);
  int error = r->error;
  if (r->kind == Request::Kind::Generalized) {
    MPI_Status filled{};
    error = retire_generalized(self.generalized, r, filled);  // the program's callbacks fill it
    if (status != MPI_STATUS_IGNORE) *status = filled;
  }
  // MPI-3.1 section 3.2.5: only the multiple-completion calls that return MPI_ERR_IN_STATUS set
  // the error field (the Wait and Test families' retire_done and retire_all); a successful
  // single-request call leaves it as it was (MPICH's mprobe test holds implementations to that).
  const int caller_error_field = status != MPI_STATUS_IGNORE ? status->MPI_ERROR : MPI_SUCCESS;
  if (status != MPI_STATUS_IGNORE) {
    if (r->kind == Request::Kind::Generalized) {
      // As the query callback set it.
    } else if (r->kind == Request::Kind::Recv) {
      *status = r->status;
    } else if (r->kind == Request::Kind::Collective) {
      status->MPI_SOURCE = MPI_ANY_SOURCE;
      status->MPI_TAG = MPI_ANY_TAG;
      status->xo_bytes = 0;
      status->xo_cancelled = 0;
    } else {
      status->xo_cancelled = 0;
    }
    // The standard leaves the field undefined when the call fails: it tells the error then.
    status->MPI_ERROR = error != MPI_SUCCESS ? error : caller_error_field;
  }
  if (error == MPI_ERR_TRUNCATE) {
    CommHandle* comm = self.comms.find(r->comm);
    self.pending_truncation = "message truncated: rank " + std::to_string(r->status.MPI_SOURCE) + " sent " +
                              std::to_string(r->truncated_from) + " bytes (tag " + std::to_string(r->status.MPI_TAG) +
                              ") on " + (comm != nullptr ? comm->shared->name : std::string("a communicator")) +
                              " but the receive buffer holds " + std::to_string(r->bytes) +
                              " bytes; post a larger receive, or size it with MPI_Probe and MPI_Get_count";
  }
  if (handle != nullptr && self.requests.retire(*handle)) *handle = MPI_REQUEST_NULL;  // persistent: inactive
  world.release(r);
  return error;
}

void retire(Request* r, MPI_Status* status, MPI_Request* handle) {
  const bool collective = r->kind == Request::Kind::Collective;
  const int error = retire_quietly(r, status, handle);
  if (error == MPI_ERR_TRUNCATE) throw MpiError(MPI_ERR_TRUNCATE, World::current().self().pending_truncation);
  // A nonblocking collective's error was given to the error handler when the collective met it.
  if (collective && error != MPI_SUCCESS) throw MpiError(error, World::current().self().last_error);
}

Request* find_request(MPI_Request handle) { return World::current().self().requests.get(handle); }

MPI_Request add_request(Request* request) { return World::current().self().requests.add(request); }

}  // namespace xo::mpi
