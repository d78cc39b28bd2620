#include "xo/mpi/state/request_wait.hpp"

#include <algorithm>
#include <string>

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

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
