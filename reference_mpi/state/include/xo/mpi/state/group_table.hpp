#pragma once
// One rank's MPI_Group handles. Every simulated rank has its own table (handles are per-process in
// MPI), while the Group objects behind the handles are shared and immutable. MPI_GROUP_EMPTY is
// predefined; user handles start at 2 and freed slots are reused.

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "xo/mpi/state/group.hpp"

namespace xo::mpi {

class GroupTable {
 public:
  // The group behind `handle`; MPI_GROUP_NULL, unknown and freed handles throw MPI_ERR_GROUP.
  std::shared_ptr<const Group> get(MPI_Group handle) const;
  // Registers `group` under a new handle; an empty group is always MPI_GROUP_EMPTY.
  MPI_Group add(std::shared_ptr<const Group> group);
  // Releases `handle` and sets it to MPI_GROUP_NULL. Freeing MPI_GROUP_EMPTY is a no-op.
  void free(MPI_Group& handle);
  // Handles currently allocated (not counting MPI_GROUP_EMPTY); for leak checks at MPI_Finalize.
  std::size_t live_handles() const { return slots_.size() - free_slots_.size(); }

 private:
  static constexpr MPI_Group kFirstUserHandle = 2;

  std::vector<std::shared_ptr<const Group>> slots_;  // slots_[h - kFirstUserHandle]; null once freed
  std::vector<std::size_t> free_slots_;              // freed slots, reused most recent first
};

}  // namespace xo::mpi
