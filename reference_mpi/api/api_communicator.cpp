// MPI communicator calls: size, rank, construction (dup, idup, split, split by type, create,
// create from a group), freeing, comparison, groups.

#include <string>

#include "api_call.hpp"
#include "nonblocking_collective.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/attribute_hooks.hpp"
#include "xo/mpi/state/group_table.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::CommHandle;
using xo::mpi::MeetingKind;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {
MPI_Comm install(std::shared_ptr<const xo::mpi::CommShared> shared, const CommHandle& parent);
}  // namespace

namespace xo::mpi {
// Declared in comm_install.hpp, for the other calls that make communicators (topologies).
MPI_Comm install_communicator(std::shared_ptr<const CommShared> shared, const CommHandle& parent) {
  return install(std::move(shared), parent);
}
}  // namespace xo::mpi

namespace {

// Installs the communicator a meeting produced, inheriting the parent's error handler as MPI says,
// and tells the run's observer (CommCreate).
MPI_Comm install(std::shared_ptr<const xo::mpi::CommShared> shared, const CommHandle& parent) {
  if (!shared) return MPI_COMM_NULL;
  World& world = World::current();
  if (xo::mpi::RunObserver* observer = world.observer()) {
    world.define_comm(*shared, parent.shared->context);
    // A task (MPI_Comm_idup) has no place on the rank's timeline: its request and completion do.
    if (!world.running_task()) observer->comm_created(world.self().world_rank, shared->context, world.engine().now());
  }
  CommHandle handle;
  handle.my_rank = shared->group->rank_of(world.self().world_rank);
  handle.errhandler = parent.errhandler;
  handle.shared = std::move(shared);
  return world.self().comms.add(std::move(handle));
}

// MPI_Comm_dup's work: the new communicator, with the attributes the copy callbacks give it. If a
// callback fails, the new handle is freed again and the callback's error is the call's.
// `meeting_on`: the communicator whose members meet (MPI_Comm_idup's instance copy), if not `comm`.
MPI_Comm duplicate(MPI_Comm comm, const char* call, MPI_Comm meeting_on = MPI_COMM_NULL) {
  World& world = World::current();
  xo::mpi::RankState& self = world.self();
  CommHandle& parent = self.comms.get(comm);
  CommHandle& meeting = meeting_on != MPI_COMM_NULL ? self.comms.get(meeting_on) : parent;
  MPI_Comm made = install(world.meetings().meet(world, meeting, MeetingKind::Dup, call, {}), parent);
  try {
    xo::mpi::copy_comm_attributes(self, comm, made);
  } catch (const MpiError&) {
    self.comms.free(made);
    throw;
  }
  return made;
}

// MPI_Comm_idup, a nonblocking collective (nonblocking_collective.hpp): the members meet in the
// background on the instance's copy of `comm`, and *newcomm is set when they have; the attributes
// are copied then, from `comm`.
void start_idup(const char* call, MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  xo::mpi::require_pointer(newcomm, "newcomm");
  xo::mpi::require_pointer(request, "request");
  *request = MPI_REQUEST_NULL;
  auto twin = [=](MPI_Comm hidden) {
    return api_call(call, hidden, [&] {
      *newcomm = duplicate(comm, call, hidden);
      xo::mpi::keep_background_event(xo::mpi::CollectiveEvent{});  // the trace's completion
    });
  };
  *request = xo::mpi::add_request(xo::mpi::start_nonblocking_collective(call, comm, {}, twin));
}

// Throws MPI_ERR_GROUP naming the first member of `members` (by world rank) that is not in `parent`.
void require_subgroup(const xo::mpi::Group& members, const CommHandle& parent, const char* call) {
  for (int i = 0; i < members.size(); ++i) {
    if (!parent.shared->group->contains(members.world_rank(i))) {
      throw MpiError(MPI_ERR_GROUP, "the group passed to " + std::string(call) + " has world rank " +
                                        std::to_string(members.world_rank(i)) + ", which is not in " +
                                        parent.shared->name + "; the group must be a subset of the communicator's");
    }
  }
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
    *newcomm = MPI_COMM_NULL;  // what the program gets if a copy callback fails (MPI-3.1 section 6.7.2)
    *newcomm = duplicate(comm, "MPI_Comm_dup");
  });
}

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  return api_call("MPI_Comm_idup", comm, [&] { start_idup("MPI_Comm_idup", comm, newcomm, request); });
}

int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm, MPI_Request* request) {
  return api_call("MPI_Comm_idup_with_info", comm, [&] {
    World::current().self().infos.check_or_null(info);  // hints have no effect
    start_idup("MPI_Comm_idup_with_info", comm, newcomm, request);
  });
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_dup_with_info", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    World::current().self().infos.check_or_null(info);  // hints have no effect
    *newcomm = duplicate(comm, "MPI_Comm_dup_with_info");
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
    require_subgroup(*members, parent, "MPI_Comm_create");
    *newcomm = install(
        world.meetings().meet(world, parent, MeetingKind::Create, "MPI_Comm_create", {0, 0, std::move(members)}),
        parent);
  });
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_split_type", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    if (split_type != MPI_COMM_TYPE_SHARED && split_type != MPI_UNDEFINED) {
      throw MpiError(MPI_ERR_ARG, "split_type " + std::to_string(split_type) +
                                      " is invalid: use MPI_COMM_TYPE_SHARED or MPI_UNDEFINED");
    }
    World& world = World::current();
    world.self().infos.check_or_null(info);
    CommHandle& parent = world.self().comms.get(comm);
    // Shared memory spans a node of the machine model: its members are the ranks on this rank's node.
    const int color = split_type == MPI_UNDEFINED ? MPI_UNDEFINED : world.node_of(world.self().world_rank);
    *newcomm = install(
        world.meetings().meet(world, parent, MeetingKind::Split, "MPI_Comm_split_type", {color, key, nullptr}), parent);
  });
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm) {
  return api_call("MPI_Comm_create_group", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    if (tag < 0 || tag > MPI_TAG_UB_VALUE) {
      throw MpiError(MPI_ERR_TAG,
                     "tag " + std::to_string(tag) + " is invalid: use 0 to " + std::to_string(MPI_TAG_UB_VALUE));
    }
    World& world = World::current();
    CommHandle& parent = world.self().comms.get(comm);
    auto members = world.self().groups.get(group);
    require_subgroup(*members, parent, "MPI_Comm_create_group");
    if (members->rank_of(world.self().world_rank) == MPI_UNDEFINED) {
      throw MpiError(MPI_ERR_GROUP,
                     "this rank is not in the group passed to MPI_Comm_create_group; only the "
                     "group's members call it");
    }
    *newcomm =
        install(world.meetings().meet_group(world, parent, "MPI_Comm_create_group", std::move(members), tag), parent);
  });
}

int MPI_Comm_free(MPI_Comm* comm) {
  return api_call("MPI_Comm_free", comm != nullptr ? *comm : MPI_COMM_NULL, [&] {
    xo::mpi::require_pointer(comm, "comm");
    World& world = World::current();
    const int context = world.self().comms.get(*comm).shared->context;  // validates the handle first
    if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF) world.self().comms.free(*comm);  // refuses them
    xo::mpi::delete_comm_attributes(world.self(), *comm);  // a failing callback leaves the communicator
    world.self().comms.free(*comm);
    if (xo::mpi::RunObserver* observer = world.observer()) {
      observer->comm_destroyed(world.self().world_rank, context, world.engine().now());
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
