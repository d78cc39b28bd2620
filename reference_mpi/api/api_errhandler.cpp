// MPI error handling: error handlers on communicators (predefined and user functions), calling
// them, and the error classes, codes and strings a program adds.

#include <cstring>
#include <string>

#include "api_call.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

int create_errhandler(const char* call, MPI_Comm_errhandler_function* function, MPI_Errhandler* errhandler) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(reinterpret_cast<const void*>(function), "function");
    xo::mpi::require_pointer(errhandler, "errhandler");
    *errhandler = World::current().self().errhandlers.create(function);
  });
}

}  // namespace

extern "C" {

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function* function, MPI_Errhandler* errhandler) {
  return create_errhandler("MPI_Comm_create_errhandler", function, errhandler);
}

int MPI_Errhandler_create(MPI_Handler_function* function, MPI_Errhandler* errhandler) {
  return create_errhandler("MPI_Errhandler_create", function, errhandler);
}

int MPI_Errhandler_free(MPI_Errhandler* errhandler) {
  return api_call("MPI_Errhandler_free", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(errhandler, "errhandler");
    World::current().self().errhandlers.free(*errhandler);
  });
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
  return api_call("MPI_Comm_set_errhandler", comm, [&] {
    xo::mpi::RankState& self = World::current().self();
    xo::mpi::CommHandle& handle = self.comms.get(comm);
    self.errhandlers.check(errhandler);
    handle.errhandler = errhandler;
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

int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) {
  const int result = api_call("MPI_Comm_call_errhandler", comm, [&] {
    xo::mpi::RankState& self = World::current().self();
    const std::string name = self.comms.get(comm).shared->name;
    const int error_class = self.errors.class_of(errorcode);
    std::string text = self.errors.text(errorcode);
    if (text.empty()) text = "error class " + std::to_string(error_class);
    // What a fatal handler prints: the program raised this error itself.
    self.last_error = "rank " + std::to_string(self.world_rank) + ": the program raised error code " +
                      std::to_string(errorcode) + " (" + text + ") on " + name + " with MPI_Comm_call_errhandler";
  });
  if (result != MPI_SUCCESS) return result;
  xo::mpi::apply_error_handler(comm, errorcode);  // ends the run if the handler is fatal
  return MPI_SUCCESS;
}

int MPI_Error_string(int errorcode, char* string, int* resultlen) {
  return api_call("MPI_Error_string", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(string, "string");
    xo::mpi::require_pointer(resultlen, "resultlen");
    xo::mpi::copy_string_out(World::current().self().errors.text(errorcode), string, resultlen, MPI_MAX_ERROR_STRING);
  });
}

int MPI_Error_class(int errorcode, int* errorclass) {
  return api_call("MPI_Error_class", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(errorclass, "errorclass");
    *errorclass = World::current().self().errors.class_of(errorcode);
  });
}

int MPI_Add_error_class(int* errorclass) {
  return api_call("MPI_Add_error_class", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(errorclass, "errorclass");
    *errorclass = World::current().self().errors.add_class();
  });
}

int MPI_Add_error_code(int errorclass, int* errorcode) {
  return api_call("MPI_Add_error_code", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(errorcode, "errorcode");
    *errorcode = World::current().self().errors.add_code(errorclass);
  });
}

int MPI_Add_error_string(int errorcode, const char* string) {
  return api_call("MPI_Add_error_string", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(string, "string");
    const std::size_t length = std::strlen(string);
    if (length >= MPI_MAX_ERROR_STRING) {
      throw MpiError(MPI_ERR_ARG, "the error string has " + std::to_string(length) +
                                      " characters; at most MPI_MAX_ERROR_STRING - 1 = " +
                                      std::to_string(MPI_MAX_ERROR_STRING - 1) + " fit");
    }
    World::current().self().errors.set_string(errorcode, string);
  });
}

}  // extern "C"
