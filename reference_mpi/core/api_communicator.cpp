// MPI communicator calls: size, rank, construction (dup, split, create), comparison, groups.

#include <string>

#include "api_call.hpp"
#include "group_table.hpp"
#include "world.hpp"

using xo::mpi::api_call;
using xo::mpi::CommHandle;
using xo::mpi::MeetingKind;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

// Installs the communicator a meeting produced, inheriting the parent's error handler as MPI says,
// and tells the run's observer (CommCreate).
MPI_Comm install(std::shared_ptr<const xo::mpi::CommShared> shared, const CommHandle& parent) {
  if (!shared) return MPI_COMM_NULL;
  World& world = World::current();
  if (xo::mpi::RunObserver* observer = world.observer()) {
    world.define_comm(*shared, parent.shared->context);
    observer->comm_created(world.self().world_rank, shared->context, world.engine().clock(world.self().world_rank));
  }
  CommHandle handle;
  handle.my_rank = shared->group->rank_of(world.self().world_rank);
  handle.errhandler = parent.errhandler;
  handle.shared = std::move(shared);
  return world.self().comms.add(std::move(handle));
}

}  // namespace

extern "C" {

int MPI_Comm_size(MPI_Comm comm, int* size) {
  return api_call("MPI_Comm_size", comm, [&] {
    xo::mpi::require_pointer(size, "size");
    *size = World::current().self().comms.get(comm).size();
  });
}

int MPI_Comm_rank(MPI_Comm comm, int* rank) {
  return api_call("MPI_Comm_rank", comm, [&] {
    xo::mpi::require_pointer(rank, "rank");
    *rank = World::current().self().comms.get(comm).my_rank;
  });
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_dup", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    World& world = World::current();
    CommHandle& parent = world.self().comms.get(comm);
    *newcomm = install(world.meetings().meet(world, parent, MeetingKind::Dup, "MPI_Comm_dup", {}), parent);
  });
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_split", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    if (color < 0 && color != MPI_UNDEFINED) {
      throw MpiError(MPI_ERR_ARG, "color " + std::to_string(color) + " is invalid: use a value >= 0 or MPI_UNDEFINED");
    }
    World& world = World::current();
    CommHandle& parent = world.self().comms.get(comm);
    *newcomm = install(
        world.meetings().meet(world, parent, MeetingKind::Split, "MPI_Comm_split", {color, key, nullptr}), parent);
  });
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_create", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    World& world = World::current();
    CommHandle& parent = world.self().comms.get(comm);
    auto members = world.self().groups.get(group);
    for (int i = 0; i < members->size(); ++i) {
      if (!parent.shared->group->contains(members->world_rank(i))) {
        throw MpiError(MPI_ERR_GROUP, "the group passed to MPI_Comm_create has world rank " +
                                          std::to_string(members->world_rank(i)) + ", which is not in " +
                                          parent.shared->name + "; the group must be a subset of the communicator's");
      }
    }
    *newcomm = install(
        world.meetings().meet(world, parent, MeetingKind::Create, "MPI_Comm_create", {0, 0, std::move(members)}),
        parent);
  });
}

int MPI_Comm_free(MPI_Comm* comm) {
  return api_call("MPI_Comm_free", comm != nullptr ? *comm : MPI_COMM_NULL, [&] {
    xo::mpi::require_pointer(comm, "comm");
    World& world = World::current();
    const int context = world.self().comms.get(*comm).shared->context;  // validates the handle first
    world.self().comms.free(*comm);
    if (xo::mpi::RunObserver* observer = world.observer()) {
      observer->comm_destroyed(world.self().world_rank, context, world.engine().clock(world.self().world_rank));
    }
  });
}

int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int* result) {
  return api_call("MPI_Comm_compare", comm1, [&] {
    xo::mpi::require_pointer(result, "result");
    auto& comms = World::current().self().comms;
    const CommHandle& a = comms.get(comm1);
    const CommHandle& b = comms.get(comm2);
    if (a.shared == b.shared) {
      *result = MPI_IDENT;
      return;
    }
    if (a.is_inter() != b.is_inter()) {
      *result = MPI_UNEQUAL;
      return;
    }
    int groups = xo::mpi::compare(*a.shared->group, *b.shared->group);
    if (a.is_inter()) {  // MPI-3.1 section 6.6.1: both the local and the remote groups must agree
      const int remote = xo::mpi::compare(*a.shared->remote_group, *b.shared->remote_group);
      groups = groups == MPI_UNEQUAL || remote == MPI_UNEQUAL ? MPI_UNEQUAL
               : groups == MPI_IDENT && remote == MPI_IDENT   ? MPI_IDENT
                                                              : MPI_SIMILAR;
    }
    *result = groups == MPI_IDENT ? MPI_CONGRUENT : groups;
  });
}

int MPI_Comm_group(MPI_Comm comm, MPI_Group* group) {
  return api_call("MPI_Comm_group", comm, [&] {
    xo::mpi::require_pointer(group, "group");
    auto& self = World::current().self();
    *group = self.groups.add(self.comms.get(comm).shared->group);
  });
}

}  // extern "C"
