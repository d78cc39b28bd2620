// MPI-2 intercommunicator calls: MPI_Intercomm_create, MPI_Intercomm_merge, MPI_Comm_test_inter,
// MPI_Comm_remote_size and MPI_Comm_remote_group. Dup, split, create, compare and free of
// intercommunicators go through the calls of api_communicator.cpp.

#include <cstring>
#include <string>

#include "api_call.hpp"
#include "intercomm_leader_exchange.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/group_description.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::CollectiveRun;
using xo::mpi::CommHandle;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

// Installs a communicator this rank takes part in, with `errhandler`, and tells the run's observer
// (CommCreate), naming `parent_context` as where it came from.
MPI_Comm install(std::shared_ptr<const xo::mpi::CommShared> shared, MPI_Errhandler errhandler, int parent_context) {
  World& world = World::current();
  const int me = world.self().world_rank;
  if (xo::mpi::RunObserver* observer = world.observer()) {
    world.define_comm(*shared, parent_context);
    observer->comm_created(me, shared->context, world.engine().now());
  }
  CommHandle handle;
  handle.my_rank = shared->group->rank_of(me);
  handle.errhandler = errhandler;
  handle.shared = std::move(shared);
  return world.self().comms.add(std::move(handle));
}

CommHandle& intercomm(MPI_Comm comm, const char* call) {
  CommHandle& handle = World::current().self().comms.get(comm);
  if (!handle.is_inter()) {
    throw MpiError(MPI_ERR_COMM, std::string(call) + " needs an intercommunicator, and " + handle.shared->name +
                                     " is an intracommunicator");
  }
  return handle;
}

// The leader's broadcast in local_comm: ints of its choosing to every member (a collective step
// of MPI_Intercomm_create, neither checked nor traced as the program's own collective).
void broadcast_ints(CommHandle& local, MPI_Comm handle, int leader, std::vector<int>& values) {
  CollectiveRun run(World::current(), local, handle, xo::hw::CollectiveOp::Bcast, "MPI_Intercomm_create");
  run.checked = true;
  run.root = leader;
  run.recv.resize(values.size() * sizeof(int));
  if (run.rank == leader) std::memcpy(run.recv.data(), values.data(), run.recv.size());
  xo::mpi::run_collective(run);
  std::memcpy(values.data(), run.recv.data(), run.recv.size());
}

}  // namespace

extern "C" {

int MPI_Comm_test_inter(MPI_Comm comm, int* flag) {
  return api_call("MPI_Comm_test_inter", comm, [&] {
    xo::mpi::require_pointer(flag, "flag");
    *flag = World::current().self().comms.get(comm).is_inter() ? 1 : 0;
  });
}

int MPI_Comm_remote_size(MPI_Comm comm, int* size) {
  return api_call("MPI_Comm_remote_size", comm, [&] {
    xo::mpi::require_pointer(size, "size");
    *size = intercomm(comm, "MPI_Comm_remote_size").peer_size();
  });
}

int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group* group) {
  return api_call("MPI_Comm_remote_group", comm, [&] {
    xo::mpi::require_pointer(group, "group");
    const CommHandle& handle = intercomm(comm, "MPI_Comm_remote_group");
    *group = World::current().self().groups.add(handle.shared->remote_group);
  });
}

// Every member of local_comm checks its arguments and names the leader; the leader exchanges the
// groups with the remote leader and builds this group's side; a broadcast in local_comm gives every
// member the outcome (an error class, or the new context and the remote group), and each installs
// the side the leader built.
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm* newintercomm) {
  return api_call("MPI_Intercomm_create", local_comm, [&] {
    xo::mpi::require_pointer(newintercomm, "newintercomm");
    World& world = World::current();
    CommHandle& local = world.self().comms.get(local_comm);
    if (local.is_inter()) {
      throw MpiError(MPI_ERR_COMM, "local_comm " + local.shared->name +
                                       " is an intercommunicator; pass an intracommunicator holding this group");
    }
    if (local_leader < 0 || local_leader >= local.size()) {
      throw MpiError(MPI_ERR_RANK, "local_leader " + std::to_string(local_leader) + " does not exist: local_comm " +
                                       local.shared->name + " has " + std::to_string(local.size()) + " ranks");
    }
    if (tag < 0 || tag > MPI_TAG_UB_VALUE) {
      throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid: tags run from 0 to " +
                                      std::to_string(MPI_TAG_UB_VALUE));
    }
    const xo::mpi::IntercommHandoffs::Key key{local.shared->context, ++local.collective_sequence};
    world.intercomm_handoffs().arrive(key, local_leader, local.my_rank, local.size(), local.shared->name);
    std::vector<int> outcome{MPI_SUCCESS, 0, 0};  // error class, context, length of the remote group's description
    std::shared_ptr<const xo::mpi::CommShared> side;
    std::vector<int> remote;  // the remote group's description, as the leaders exchanged it
    if (local.my_rank == local_leader) {
      try {
        side = xo::mpi::lead_intercomm_create(world, local, peer_comm, remote_leader, tag);
        remote = xo::mpi::describe_group(*side->remote_group);
        outcome = {MPI_SUCCESS, side->context, static_cast<int>(remote.size())};
        world.intercomm_handoffs().publish(key, side);
      } catch (const MpiError& error) {  // every member raises it, after the broadcast tells them
        outcome[0] = error.error_class();
        world.intercomm_handoffs().publish_error(key, error);
      }
    }
    broadcast_ints(local, local_comm, local_leader, outcome);
    if (outcome[0] == MPI_SUCCESS) {
      remote.resize(static_cast<std::size_t>(outcome[2]));
      broadcast_ints(local, local_comm, local_leader, remote);
    }
    auto mine = world.intercomm_handoffs().take(key);  // throws the leader's error
    const int peer_context = mine->common_context;
    *newintercomm = install(std::move(mine), local.errhandler, peer_context);
  });
}

int MPI_Intercomm_merge(MPI_Comm intercomm_handle, int high, MPI_Comm* newintracomm) {
  return api_call("MPI_Intercomm_merge", intercomm_handle, [&] {
    xo::mpi::require_pointer(newintracomm, "newintracomm");
    World& world = World::current();
    CommHandle& parent = intercomm(intercomm_handle, "MPI_Intercomm_merge");
    auto merged = world.meetings().meet(world, parent, xo::mpi::MeetingKind::Merge, "MPI_Intercomm_merge",
                                        {high != 0 ? 1 : 0, 0, nullptr});
    *newintracomm = install(std::move(merged), parent.errhandler, parent.shared->context);
  });
}

}  // extern "C"
