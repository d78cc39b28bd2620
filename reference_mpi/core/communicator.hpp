#pragma once
// A communicator as its members share it (context id for matching, group, name), and each rank's
// handle table of communicators (its own rank in each, the error handler, name and attributes it
// set: those are local to the rank, as MPI makes them).

#include <mpi.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "attributes.hpp"
#include "group.hpp"

namespace xo::mpi {

struct Topology;

struct CommShared {
  int context = 0;  // matching key: messages on different communicators never match
  std::shared_ptr<const Group> group;
  std::string name;
  std::shared_ptr<const Topology> topology;  // MPI_Cart_create, MPI_Graph_create, ...; kept by dup
};

struct CommHandle {
  std::shared_ptr<const CommShared> shared;
  int my_rank = 0;
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
  std::uint64_t collective_sequence = 0;  // counts collective calls, so members agree on meetings
  // MPI_Comm_create_group calls by (tag, group): only the group's members call, so they count
  // their meetings apart from the communicator's collective calls.
  std::map<std::string, std::uint64_t> group_creations;
  std::string local_name;  // MPI_Comm_set_name
  bool named = false;
  AttributeList attributes;

  int size() const { return shared->group->size(); }
  int world_rank(int comm_rank) const { return shared->group->world_rank(comm_rank); }
};

class CommTable {
 public:
  // Throws MpiError(MPI_ERR_COMM) naming the handle for null, unknown or freed communicators.
  CommHandle& get(MPI_Comm comm);
  CommHandle* find(MPI_Comm comm);
  // Installs the predefined MPI_COMM_WORLD and MPI_COMM_SELF.
  void set_predefined(CommHandle world, CommHandle self);
  MPI_Comm add(CommHandle handle);
  void free(MPI_Comm& comm);

 private:
  std::vector<std::unique_ptr<CommHandle>> slots_;  // index = handle
};

}  // namespace xo::mpi
