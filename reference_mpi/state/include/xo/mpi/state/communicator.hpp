#pragma once
// A communicator as its members share it (context id for matching, group, name), and each rank's
// handle table of communicators (its own rank in each, the error handler, name and attributes it
// set: those are local to the rank, as MPI makes them).
//
// An intercommunicator (MPI-3.1 section 6.6) has two CommShared objects, one per group, with the
// same context: each names its members' local `group` and the `remote_group` that point-to-point
// ranks address. Its collectives run their steps inside each group on a hidden intracommunicator
// over the local group (`local_comm`, a context of its own that no program handle names).

#include <mpi.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "xo/mpi/state/attributes.hpp"
#include "xo/mpi/state/group.hpp"

namespace xo::mpi {

struct Topology;

struct CommShared {
  int context = 0;  // matching key: messages on different communicators never match
  std::shared_ptr<const Group> group;
  std::string name;
  std::shared_ptr<const Topology> topology;  // MPI_Cart_create, MPI_Graph_create, ...; kept by dup

  // Intercommunicators only (remote_group is null on an intracommunicator).
  std::shared_ptr<const Group> remote_group;
  std::shared_ptr<const CommShared> local_comm;  // hidden intracommunicator over `group`
  // 0 for the group holding the lower MPI_COMM_WORLD rank, 1 for the other: the trace's group A
  // and B, and the order of MPI_Intercomm_merge when both groups pass the same `high`.
  int side = 0;
  int common_context = 0;  // the trace's common communicator: peer_comm, or the parent intercommunicator

  bool is_inter() const { return remote_group != nullptr; }
};

struct CommHandle {
  std::shared_ptr<const CommShared> shared;
  int my_rank = 0;
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
  std::uint64_t collective_sequence = 0;   // counts collective calls, so members agree on meetings
  std::uint64_t nonblocking_sequence = 0;  // counts nonblocking collective calls (their contexts)
  // MPI_Comm_create_group calls by (tag, group): only the group's members call, so they count
  // their meetings apart from the communicator's collective calls.
  std::map<std::string, std::uint64_t> group_creations;
  std::string local_name;  // MPI_Comm_set_name
  bool named = false;
  AttributeList attributes;

  // Intercommunicators: this rank's handle on shared->local_comm, for collectives' local steps.
  std::shared_ptr<CommHandle> local = nullptr;

  int size() const { return shared->group->size(); }
  int world_rank(int comm_rank) const { return shared->group->world_rank(comm_rank); }
  bool is_inter() const { return shared->is_inter(); }
  // The group that point-to-point ranks name: the remote group of an intercommunicator.
  const Group& peer_group() const { return is_inter() ? *shared->remote_group : *shared->group; }
  int peer_size() const { return peer_group().size(); }
  int peer_world_rank(int rank) const { return peer_group().world_rank(rank); }
};

class CommTable {
 public:
  // Throws MpiError(MPI_ERR_COMM) naming the handle for null, unknown or freed communicators.
  CommHandle& get(MPI_Comm comm);
  CommHandle* find(MPI_Comm comm);
  // Installs the predefined MPI_COMM_WORLD and MPI_COMM_SELF.
  void set_predefined(CommHandle world, CommHandle self);
  // Gives an intercommunicator's handle its hidden local handle (CommHandle::local).
  MPI_Comm add(CommHandle handle);
  void free(MPI_Comm& comm);

 private:
  // MPI_COMM_WORLD and MPI_COMM_SELF in place: every rank has them, most calls name them, and a
  // million ranks would otherwise take two heap blocks each.
  CommHandle world_;
  CommHandle self_;
  std::vector<std::unique_ptr<CommHandle>> slots_;  // index = handle; the first three stay empty
};

}  // namespace xo::mpi
