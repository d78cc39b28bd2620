// MPI thread support. Every rank is a fiber of the one OS thread that runs the simulation, so the
// library provides MPI_THREAD_FUNNELED at most: a program may run threads of its own, but only the
// main thread may call MPI. A call from any other thread ends the run with one message (see
// World::require_simulation_thread), since the ranks' state belongs to the main thread.

#include <string>

#include "api_call.hpp"
#include "api_layer.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::World;

extern "C" {

int MPI_Init_thread(int*, char***, int required, int* provided) {
  return api_call("MPI_Init_thread", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(provided, "provided");
    if (required < MPI_THREAD_SINGLE || required > MPI_THREAD_MULTIPLE) {
      throw MpiError(MPI_ERR_ARG, "required thread level " + std::to_string(required) +
                                      " is not one of MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, "
                                      "MPI_THREAD_SERIALIZED or MPI_THREAD_MULTIPLE");
    }
    xo::mpi::RankState& self = World::current().self();
    if (self.initialized) {
      throw MpiError(MPI_ERR_OTHER, "MPI was already initialized; call MPI_Init or MPI_Init_thread once per process");
    }
    self.initialized = true;
    xo::mpi::ApiRank& api = xo::mpi::api_self(World::current());
    api.thread_level = required < MPI_THREAD_FUNNELED ? required : MPI_THREAD_FUNNELED;
    *provided = api.thread_level;
  });
}

int MPI_Query_thread(int* provided) {
  return api_call("MPI_Query_thread", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(provided, "provided");
    *provided = xo::mpi::api_self(World::current()).thread_level;
  });
}

int MPI_Is_thread_main(int* flag) {
  // Any thread may ask; only the main thread's question is traced (no other may touch the ranks).
  if (!World::on_simulation_thread()) {
    if (flag == nullptr) return MPI_ERR_ARG;
    *flag = 0;
    return MPI_SUCCESS;
  }
  return api_call("MPI_Is_thread_main", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(flag, "flag");
    *flag = 1;
  });
}

}  // extern "C"
