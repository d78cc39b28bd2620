#pragma once
// A rank's user error handlers (MPI_Comm_create_errhandler). Handles after the predefined
// MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN; never reused, so a communicator that still holds a
// freed handler keeps calling it, as MPI_Errhandler_free promises.

#include <mpi.h>

#include <vector>

namespace xo::mpi {

class ErrhandlerTable {
 public:
  using Function = MPI_Comm_errhandler_function*;

  MPI_Errhandler create(Function function);
  // Throws MpiError(MPI_ERR_ARG) unless `handler` is predefined or a live user handler.
  void check(MPI_Errhandler handler) const;
  // The user function behind `handler`, or nullptr for the predefined handlers (freed ones too).
  Function function(MPI_Errhandler handler) const;
  // Sets the handle to MPI_ERRHANDLER_NULL; freeing a predefined handler has no other effect.
  void free(MPI_Errhandler& handler);

 private:
  struct Entry {
    Function function;
    bool freed;
  };
  static constexpr int kFirstUser = MPI_ERRORS_RETURN + 1;
  const Entry* find(MPI_Errhandler handler) const;

  std::vector<Entry> user_;  // index = handle - kFirstUser
};

}  // namespace xo::mpi
