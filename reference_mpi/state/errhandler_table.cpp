#include "xo/mpi/state/errhandler_table.hpp"

#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

const ErrhandlerTable::Entry* ErrhandlerTable::find(MPI_Errhandler handler) const {
  const auto index = static_cast<std::size_t>(handler - kFirstUser);
  if (handler < kFirstUser || index >= user_.size()) return nullptr;
  return &user_[index];
}

MPI_Errhandler ErrhandlerTable::create(Function function) {
  user_.push_back({function, false});
  return kFirstUser + static_cast<MPI_Errhandler>(user_.size() - 1);
}

void ErrhandlerTable::check(MPI_Errhandler handler) const {
  if (handler == MPI_ERRORS_ARE_FATAL || handler == MPI_ERRORS_RETURN) return;
  const Entry* entry = find(handler);
  if (entry != nullptr && !entry->freed) return;
  throw MpiError(MPI_ERR_ARG, "error handler " + std::to_string(handler) +
                                  (entry != nullptr ? " was freed" : " is not an error handler") +
                                  "; use MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN or one from "
                                  "MPI_Comm_create_errhandler");
}

ErrhandlerTable::Function ErrhandlerTable::function(MPI_Errhandler handler) const {
  const Entry* entry = find(handler);
  return entry != nullptr ? entry->function : nullptr;
}

void ErrhandlerTable::free(MPI_Errhandler& handler) {
  check(handler);
  if (handler >= kFirstUser) user_[static_cast<std::size_t>(handler - kFirstUser)].freed = true;
  handler = MPI_ERRHANDLER_NULL;
}

}  // namespace xo::mpi
