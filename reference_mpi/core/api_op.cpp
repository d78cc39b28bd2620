// MPI reduction operation calls: MPI_Op_create and MPI_Op_free. Errors go to MPI_COMM_WORLD's
// handler, as these calls name no communicator.

#include "api_call.hpp"
#include "op_table.hpp"

using xo::mpi::api_call;
using xo::mpi::current_ops;
using xo::mpi::MpiError;
using xo::mpi::ReductionOp;

extern "C" {

int MPI_Op_create(MPI_User_function* function, int commute, MPI_Op* op) {
  return api_call("MPI_Op_create", MPI_COMM_WORLD, [&] {
    if (function == nullptr) throw MpiError(MPI_ERR_ARG, "function is a null pointer");
    xo::mpi::require_pointer(op, "op");
    *op = current_ops().add(ReductionOp::user(function, commute != 0));
  });
}

int MPI_Op_free(MPI_Op* op) {
  return api_call("MPI_Op_free", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(op, "op");
    current_ops().free(*op);
  });
}

}  // extern "C"
