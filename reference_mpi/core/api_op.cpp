// MPI_Op_create and MPI_Op_free.

#include "api_call.hpp"
#include "world.hpp"

using xo::mpi::api_call;
using xo::mpi::World;

extern "C" {

int MPI_Op_create(MPI_User_function* function, int commute, MPI_Op* op) {
  return api_call("MPI_Op_create", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(reinterpret_cast<const void*>(function), "function");
    xo::mpi::require_pointer(op, "op");
    *op = World::current().self().ops.add(xo::mpi::ReductionOp::user(function, commute != 0));
  });
}

int MPI_Op_free(MPI_Op* op) {
  return api_call("MPI_Op_free", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(op, "op");
    World::current().self().ops.free(*op);
  });
}

}  // extern "C"
