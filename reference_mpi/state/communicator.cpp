#include "xo/mpi/state/communicator.hpp"

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

CommHandle* CommTable::find(MPI_Comm comm) {
  if (comm == MPI_COMM_WORLD) return world_.shared ? &world_ : nullptr;
  if (comm == MPI_COMM_SELF) return self_.shared ? &self_ : nullptr;
  if (comm <= MPI_COMM_NULL || static_cast<std::size_t>(comm) >= slots_.size()) return nullptr;
  return slots_[static_cast<std::size_t>(comm)].get();
}

CommHandle& CommTable::get(MPI_Comm comm) {
  if (CommHandle* handle = find(comm)) return *handle;
  if (comm == MPI_COMM_NULL) throw MpiError(MPI_ERR_COMM, "the communicator is MPI_COMM_NULL");
  throw MpiError(MPI_ERR_COMM, "communicator handle " + std::to_string(comm) +
                                   " is not a valid communicator (never created, or already freed)");
}

void CommTable::set_predefined(CommHandle world, CommHandle self) {
  world_ = std::move(world);
  self_ = std::move(self);
}

MPI_Comm CommTable::add(CommHandle handle) {
  if (handle.is_inter() && !handle.local) {
    handle.local = std::make_shared<CommHandle>();
    handle.local->shared = handle.shared->local_comm;
    handle.local->my_rank = handle.my_rank;
    handle.local->errhandler = handle.errhandler;
  }
  if (slots_.size() < 3) slots_.resize(3);
  for (std::size_t i = 3; i < slots_.size(); ++i) {
    if (!slots_[i]) {
      slots_[i] = std::make_unique<CommHandle>(std::move(handle));
      return static_cast<MPI_Comm>(i);
    }
  }
  slots_.push_back(std::make_unique<CommHandle>(std::move(handle)));
  return static_cast<MPI_Comm>(slots_.size() - 1);
}

void CommTable::free(MPI_Comm& comm) {
  if (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF) {
    throw MpiError(MPI_ERR_COMM, "MPI_COMM_WORLD and MPI_COMM_SELF cannot be freed");
  }
  get(comm);
  slots_[static_cast<std::size_t>(comm)].reset();
  comm = MPI_COMM_NULL;
}

}  // namespace xo::mpi
