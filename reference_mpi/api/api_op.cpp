// MPI reduction operation calls: MPI_Op_create and MPI_Op_free, MPI_Op_commutative, and
// MPI_Reduce_local, which applies an operation to two local buffers with no communication. Errors
// go to MPI_COMM_WORLD's handler, as these calls name no communicator.

#include <vector>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/op_table.hpp"

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

int MPI_Op_commutative(MPI_Op op, int* commute) {
  return api_call("MPI_Op_commutative", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(commute, "commute");
    *commute = current_ops().get(op).commutative() ? 1 : 0;
  });
}

// inoutbuf = inbuf op inoutbuf, element by element (MPI-3.1 section 5.9.7), through the packed form
// every reduction of this library combines in.
int MPI_Reduce_local(const void* inbuf, void* inoutbuf, int count, MPI_Datatype datatype, MPI_Op op) {
  return api_call("MPI_Reduce_local", MPI_COMM_WORLD, [&] {
    xo::mpi::require_count(count);
    if (inbuf == MPI_IN_PLACE || inoutbuf == MPI_IN_PLACE) {
      throw MpiError(MPI_ERR_BUFFER, "MPI_IN_PLACE is not an argument of MPI_Reduce_local; pass both buffers");
    }
    const auto type = xo::mpi::current_datatypes().get_committed(datatype);
    const ReductionOp& reduction = current_ops().get(op);
    reduction.check(*type);
    const std::vector<std::byte> in = xo::mpi::pack_block(inbuf, count, *type, "inbuf");
    std::vector<std::byte> inout = xo::mpi::pack_block(inoutbuf, count, *type, "inoutbuf");
    reduction.apply(in.data(), inout.data(), count, *type, datatype);
    xo::mpi::unpack_all(inout, *type, inoutbuf, "inoutbuf");
  });
}

}  // extern "C"
