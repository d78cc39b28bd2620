#pragma once
// A rank's MPI_Op handles. The predefined operations are shared and immutable; user operations
// from MPI_Op_create get handles from XO_FIRST_USER_OP upward. Handles are never reused, so a
// stale handle (used after MPI_Op_free, or freed twice) is always reported instead of silently
// naming a newer operation.

#include <mpi.h>

#include <memory>
#include <vector>

#include "xo/mpi/state/handle_holds.hpp"
#include "xo/mpi/state/reduction_op.hpp"

namespace xo::mpi {

class OpTable {
 public:
  // Throws MpiError(MPI_ERR_OP) for MPI_OP_NULL, unknown and freed handles. The reference stays
  // valid until the handle is freed.
  const ReductionOp& get(MPI_Op handle) const;
  MPI_Op add(ReductionOp op);
  // Predefined operations cannot be freed (MPI_ERR_OP); sets the handle to MPI_OP_NULL.
  void free(MPI_Op& handle);
  // A nonblocking collective in flight holds its operation: freed meanwhile, as MPI allows, the
  // operation stays usable until the last holder lets go. No effect on predefined or bad handles.
  void pin(MPI_Op handle);
  void unpin(MPI_Op handle);

 private:
  std::vector<std::unique_ptr<const ReductionOp>> user_;  // index = handle - XO_FIRST_USER_OP; null once freed
  HandleHolds holds_;
};

}  // namespace xo::mpi
