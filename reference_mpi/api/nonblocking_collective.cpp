#include "nonblocking_collective.hpp"

#include "api_call.hpp"
#include "api_layer.hpp"
#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

using Instance = NonblockingCollectives::Instance;

// A copy of `user` with the instance's contexts (an intercommunicator's hidden local one too).
CommHandle hidden_copy(World& world, const CommHandle& user, InstanceNumber instance) {
  NonblockingCollectives& book = world.nonblocking();
  auto shared = std::make_shared<CommShared>(*user.shared);
  const int members = user.size() + (user.is_inter() ? user.peer_size() : 0);
  shared->context = book.instance_context(user.shared->context, instance, members);
  if (user.is_inter()) {
    auto local = std::make_shared<CommShared>(*user.shared->local_comm);
    local->context = book.instance_context(local->context, instance, user.size());
    shared->local_comm = std::move(local);
  }
  CommHandle hidden;
  hidden.shared = std::move(shared);
  hidden.my_rank = user.my_rank;
  hidden.errhandler = MPI_ERRORS_RETURN;  // the starting call or the task applies the program's
  return hidden;
}

// Completes the instance's request for the rank: its error goes to the program's error handler
// (a fatal one ends the run here, as it would in the call that found it).
void finish(World& world, Instance& in, sim::Time at) {
  Request* r = in.request;
  r->error = in.error;
  if (in.error != MPI_SUCCESS) {
    world.self().last_error = in.error_text;
    apply_error_handler(in.comm, in.error);
  }
  if (in.has_event && !r->user_freed && r->traced == Request::Traced::Nonblocking) {
    world.nonblocking().keep_event(r, std::move(in.event));
  }
  world.complete(r, at);
}

void run_instance(void* argument) {
  auto* handed = static_cast<std::shared_ptr<Instance>*>(argument);
  const std::shared_ptr<Instance> in = std::move(*handed);
  delete handed;
  World& world = World::current();
  const int fiber = world.engine().current_fiber();
  world.nonblocking().add(fiber, in);
  in->error = in->twin(in->hidden);
  RankState& self = world.self();
  if (in->error != MPI_SUCCESS) in->error_text = self.last_error;
  self.comms.free(in->hidden);
  for (MPI_Datatype type : in->held.types) self.datatypes.unpin(type);
  self.ops.unpin(in->held.op);
  world.nonblocking().remove(fiber);
  in->finished = true;
  in->finished_at = world.engine().now();
  if (!in->caller_waiting) finish(world, *in, in->finished_at);
}

}  // namespace

Request* start_nonblocking_collective(const char* call, MPI_Comm comm, HeldHandles held, BlockingTwin twin,
                                      InstanceNumber number) {
  World& world = World::current();
  RankState& self = world.self();
  CommHandle& user = self.comms.get(comm);
  auto in = std::make_shared<Instance>();
  in->call = call;
  in->comm = comm;
  in->comm_id = user.shared->context;
  in->twin = std::move(twin);
  for (MPI_Datatype type : held.types) self.datatypes.pin(type);
  self.ops.pin(held.op);
  in->held = std::move(held);
  in->started = world.engine().now();
  if (number.call == 0) number.call = ++user.nonblocking_sequence;
  in->hidden = self.comms.add(hidden_copy(world, user, number));

  Request* r = world.new_request();
  r->kind = Request::Kind::Collective;
  r->owner = self.world_rank;
  r->call = call;
  r->comm = comm;
  r->context = in->comm_id;
  RunObserver* observer = world.observer();
  if (observer != nullptr) r->traced = Request::Traced::Nonblocking;
  in->request = r;

  {
    sim::Simcall simcall(world.engine());  // the task is the engine's: a simcall
    world.engine().spawn(&run_instance, new std::shared_ptr<Instance>(in));
  }
  in->caller_waiting = false;
  if (in->finished && in->error != MPI_SUCCESS) {
    world.release(r);
    throw MpiError(in->error, in->reason);  // the call's own error: no request, nothing traced
  }
  // Reported after the start, which the rank's clock did not move past: still inside the call.
  if (observer != nullptr) {
    r->trace_id = ++api_self(world).trace_requests;
    observer->collective_request(self.world_rank, r->trace_id, world.engine().now());
  }
  if (in->finished) finish(world, *in, in->finished_at);
  return r;
}

HeldHandles held_per_peer(const char* call, MPI_Comm comm, const MPI_Datatype sendtypes[],
                          const MPI_Datatype recvtypes[]) {
  HeldHandles held;
  World::require_simulation_thread(call);
  const CommHandle* handle = World::current().self().comms.find(comm);
  const int peers = handle != nullptr ? handle->peer_size() : 0;
  for (int i = 0; i < peers; ++i) {
    if (sendtypes != nullptr) held.types.push_back(sendtypes[i]);
    if (recvtypes != nullptr) held.types.push_back(recvtypes[i]);
  }
  return held;
}

}  // namespace xo::mpi
