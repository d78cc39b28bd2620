#include "xo/mpi/state/op_table.hpp"

#include <cassert>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

const ReductionOp& OpTable::get(MPI_Op handle) const {
  if (const ReductionOp* op = ReductionOp::predefined(handle)) return *op;
  if (handle == MPI_OP_NULL) {
    throw MpiError(MPI_ERR_OP,
                   "the operation is MPI_OP_NULL; pass a predefined operation such as MPI_SUM, or one "
                   "made by MPI_Op_create");
  }
  if (handle == MPI_REPLACE || handle == MPI_NO_OP) {
    throw MpiError(MPI_ERR_OP, std::string(handle == MPI_REPLACE ? "MPI_REPLACE" : "MPI_NO_OP") +
                                   " serves only the one-sided accumulates (MPI_Accumulate, MPI_Get_accumulate, "
                                   "MPI_Fetch_and_op), not reductions");
  }
  const auto index = static_cast<std::size_t>(handle - XO_FIRST_USER_OP);
  if (handle < XO_FIRST_USER_OP || index >= user_.size()) {
    throw MpiError(MPI_ERR_OP, "operation handle " + std::to_string(handle) +
                                   " was never created on this rank; is the variable uninitialized, or was the "
                                   "handle passed from another process?");
  }
  if (!user_[index]) {
    throw MpiError(MPI_ERR_OP, "operation handle " + std::to_string(handle) +
                                   " was already freed with MPI_Op_free; it cannot be used afterwards");
  }
  return *user_[index];
}

MPI_Op OpTable::add(ReductionOp op) {
  assert(op.function_ != nullptr && "only user operations get handles");
  op.handle_ = static_cast<MPI_Op>(user_.size()) + XO_FIRST_USER_OP;
  user_.push_back(std::make_unique<const ReductionOp>(op));
  return op.handle_;
}

void OpTable::free(MPI_Op& handle) {
  if (const ReductionOp* op = ReductionOp::predefined(handle)) {
    throw MpiError(MPI_ERR_OP, op->name() +
                                   " is predefined and cannot be freed; MPI_Op_free takes only operations "
                                   "made by MPI_Op_create");
  }
  get(handle);  // validates: throws for MPI_OP_NULL, unknown and already-freed handles
  if (holds_.freed(handle)) {
    throw MpiError(MPI_ERR_OP, "operation handle " + std::to_string(handle) + " was already freed with MPI_Op_free");
  }
  if (!holds_.defer_free(handle)) user_[static_cast<std::size_t>(handle - XO_FIRST_USER_OP)].reset();
  handle = MPI_OP_NULL;
}

void OpTable::pin(MPI_Op handle) {
  const auto index = static_cast<std::size_t>(handle - XO_FIRST_USER_OP);
  if (handle < XO_FIRST_USER_OP || index >= user_.size() || !user_[index]) return;
  holds_.hold(handle);
}

void OpTable::unpin(MPI_Op handle) {
  if (holds_.release(handle)) user_[static_cast<std::size_t>(handle - XO_FIRST_USER_OP)].reset();
}

}  // namespace xo::mpi
