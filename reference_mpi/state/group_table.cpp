#include "xo/mpi/state/group_table.hpp"

#include <cassert>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

std::shared_ptr<const Group> GroupTable::get(MPI_Group handle) const {
  if (handle == MPI_GROUP_EMPTY) return Group::empty();
  if (handle == MPI_GROUP_NULL) {
    throw MpiError(MPI_ERR_GROUP,
                   "the group is MPI_GROUP_NULL; pass a group obtained from MPI_Comm_group or an "
                   "MPI_Group_* constructor, or MPI_GROUP_EMPTY");
  }
  const std::size_t slot = static_cast<std::size_t>(handle) - kFirstUserHandle;
  if (handle < kFirstUserHandle || slot >= slots_.size()) {
    throw MpiError(MPI_ERR_GROUP, "group handle " + std::to_string(handle) +
                                      " was never created on this rank; is the variable uninitialized, or was the "
                                      "handle passed from another process?");
  }
  if (!slots_[slot]) {
    throw MpiError(MPI_ERR_GROUP, "group handle " + std::to_string(handle) +
                                      " was already freed with MPI_Group_free; it cannot be used afterwards");
  }
  return slots_[slot];
}

MPI_Group GroupTable::add(std::shared_ptr<const Group> group) {
  assert(group != nullptr);
  if (group->size() == 0) return MPI_GROUP_EMPTY;
  std::size_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(group);
  } else {
    slot = slots_.size();
    slots_.push_back(std::move(group));
  }
  return static_cast<MPI_Group>(slot) + kFirstUserHandle;
}

void GroupTable::free(MPI_Group& handle) {
  if (handle != MPI_GROUP_EMPTY) {
    get(handle);  // validates: throws for MPI_GROUP_NULL, unknown and already-freed handles
    const std::size_t slot = static_cast<std::size_t>(handle) - kFirstUserHandle;
    slots_[slot].reset();
    free_slots_.push_back(slot);
  }
  handle = MPI_GROUP_NULL;
}

}  // namespace xo::mpi
