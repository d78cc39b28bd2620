#include "op_table.hpp"

#include <string>

#include "mpi_error.hpp"

namespace xo::mpi {

const ReductionOp& OpTable::get(MPI_Op handle) const {
  if (const ReductionOp* op = ReductionOp::predefined(handle)) return *op;
  const auto i = static_cast<std::size_t>(handle - XO_FIRST_USER_OP);
  if (handle >= XO_FIRST_USER_OP && i < user_.size() && user_[i]) return *user_[i];
  if (handle == MPI_OP_NULL) throw MpiError(MPI_ERR_OP, "the operation is MPI_OP_NULL; pass MPI_SUM, MPI_MAX, ... or an operation from MPI_Op_create");
  throw MpiError(MPI_ERR_OP, "operation handle " + std::to_string(handle) +
                                 " is not a valid operation (never created, or already freed with MPI_Op_free)");
}

MPI_Op OpTable::add(ReductionOp op) {
  user_.emplace_back(std::move(op));
  return XO_FIRST_USER_OP + static_cast<MPI_Op>(user_.size() - 1);
}

void OpTable::free(MPI_Op& handle) {
  if (ReductionOp::predefined(handle) != nullptr) {
    throw MpiError(MPI_ERR_OP, "predefined operations such as MPI_SUM cannot be freed; free only operations made by MPI_Op_create");
  }
  get(handle);  // throws for unknown or freed handles
  user_[static_cast<std::size_t>(handle - XO_FIRST_USER_OP)].reset();
  handle = MPI_OP_NULL;
}

}  // namespace xo::mpi
