#pragma once
// A rank's MPI_Op handles: the predefined operations, and user operations from XO_FIRST_USER_OP up.

#include <mpi.h>

#include <optional>
#include <vector>

#include "reduction_op.hpp"

namespace xo::mpi {

class OpTable {
 public:
  // Throws MpiError(MPI_ERR_OP) for MPI_OP_NULL, unknown or freed handles.
  const ReductionOp& get(MPI_Op handle) const;
  MPI_Op add(ReductionOp op);
  // Predefined operations cannot be freed; sets the handle to MPI_OP_NULL.
  void free(MPI_Op& handle);

 private:
  std::vector<std::optional<ReductionOp>> user_;  // index = handle - XO_FIRST_USER_OP
};

}  // namespace xo::mpi
