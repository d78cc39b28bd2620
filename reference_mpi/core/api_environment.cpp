// MPI environment calls: initialization, finalization, abort, clocks, names and error handling.

#include <cstdio>
#include <cstring>
#include <string>

#include "api_call.hpp"
#include "error_text.hpp"
#include "world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

void copy_string(const std::string& text, char* out, int* length, std::size_t capacity) {
  const std::size_t n = std::min(text.size(), capacity - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
  *length = static_cast<int>(n);
}

}  // namespace

extern "C" {

int MPI_Init(int*, char***) {
  return api_call("MPI_Init", MPI_COMM_WORLD, [] {
    xo::mpi::RankState& self = World::current().self();
    if (self.initialized) throw MpiError(MPI_ERR_OTHER, "MPI_Init was already called; call it once per process");
    self.initialized = true;
  });
}

int MPI_Initialized(int* flag) {
  return api_call("MPI_Initialized", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(flag, "flag");
    *flag = World::current().self().initialized ? 1 : 0;
  });
}

int MPI_Finalize(void) {
  return api_call("MPI_Finalize", MPI_COMM_WORLD, [] { World::current().self().finalized = true; });
}

int MPI_Finalized(int* flag) {
  return api_call("MPI_Finalized", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(flag, "flag");
    *flag = World::current().self().finalized ? 1 : 0;
  });
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  World& world = World::current();
  const int rank = world.self().world_rank;
  (void)comm;  // MPI allows aborting every process; the whole simulation ends
  world.engine().abort(errorcode == 0 ? 1 : errorcode,
                       "rank " + std::to_string(rank) + " called MPI_Abort with error code " + std::to_string(errorcode));
}

double MPI_Wtime(void) {
  World& world = World::current();
  double now = 0;
  api_call("MPI_Wtime", MPI_COMM_WORLD,
           [&] { now = xo::sim::time_to_seconds(world.engine().clock(world.self().world_rank)); });
  return now;
}

double MPI_Wtick(void) { return 1e-12; }  // virtual time counts picoseconds

int MPI_Get_processor_name(char* name, int* resultlen) {
  return api_call("MPI_Get_processor_name", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(name, "name");
    xo::mpi::require_pointer(resultlen, "resultlen");
    World& world = World::current();
    char node[32];
    std::snprintf(node, sizeof node, "nid%05d", world.self().world_rank);
    copy_string(world.machine().name() + "-" + node, name, resultlen, MPI_MAX_PROCESSOR_NAME);
  });
}

int MPI_Get_version(int* version, int* subversion) {
  return api_call("MPI_Get_version", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(version, "version");
    xo::mpi::require_pointer(subversion, "subversion");
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
  });
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
  return api_call("MPI_Comm_set_errhandler", comm, [&] {
    if (errhandler != MPI_ERRORS_ARE_FATAL && errhandler != MPI_ERRORS_RETURN) {
      throw MpiError(MPI_ERR_ARG, "error handler " + std::to_string(errhandler) +
                                      " is not MPI_ERRORS_ARE_FATAL or MPI_ERRORS_RETURN");
    }
    World::current().self().comms.get(comm).errhandler = errhandler;
  });
}

int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
  return api_call("MPI_Comm_get_errhandler", comm, [&] {
    xo::mpi::require_pointer(errhandler, "errhandler");
    *errhandler = World::current().self().comms.get(comm).errhandler;
  });
}

int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler) { return MPI_Comm_set_errhandler(comm, errhandler); }
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler* errhandler) { return MPI_Comm_get_errhandler(comm, errhandler); }

int MPI_Error_string(int errorcode, char* string, int* resultlen) {
  return api_call("MPI_Error_string", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(string, "string");
    xo::mpi::require_pointer(resultlen, "resultlen");
    const std::string text = std::string(xo::mpi::error_class_name(errorcode)) + ": " +
                             xo::mpi::error_class_description(errorcode);
    copy_string(text, string, resultlen, MPI_MAX_ERROR_STRING);
  });
}

int MPI_Error_class(int errorcode, int* errorclass) {
  return api_call("MPI_Error_class", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(errorclass, "errorclass");
    if (errorcode < MPI_SUCCESS || errorcode > MPI_ERR_LASTCODE) {
      throw MpiError(MPI_ERR_ARG, "error code " + std::to_string(errorcode) + " is not an MPI error code");
    }
    *errorclass = errorcode;  // this implementation's error codes are its error classes
  });
}

}  // extern "C"
