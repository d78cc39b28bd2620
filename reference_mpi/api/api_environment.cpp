// MPI environment calls: initialization, finalization, abort, clocks, names of the processor and
// the library, profiling control and memory allocation. Error handling is in api_errhandler.cpp.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "api_call.hpp"
#include "api_layer.hpp"
#include "xo/mpi/state/attribute_hooks.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::World;

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
  return api_call("MPI_Finalize", MPI_COMM_WORLD, [] {
    xo::mpi::RankState& self = World::current().self();
    // First of all, as if MPI_COMM_SELF were freed: its delete callbacks run while MPI still works.
    xo::mpi::delete_comm_attributes(self, MPI_COMM_SELF);
    self.finalized = true;
  });
}

int MPI_Finalized(int* flag) {
  return api_call("MPI_Finalized", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(flag, "flag");
    *flag = World::current().self().finalized ? 1 : 0;
  });
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  World::require_simulation_thread("MPI_Abort");
  World& world = World::current();
  const int rank = world.self().world_rank;
  (void)comm;  // MPI allows aborting every process; the whole simulation ends
  world.engine().abort(
      errorcode == 0 ? 1 : errorcode,
      "rank " + std::to_string(rank) + " called MPI_Abort with error code " + std::to_string(errorcode));
}

double MPI_Wtime(void) {
  double now = 0;
  api_call("MPI_Wtime", MPI_COMM_WORLD, [&] {
    World& world = World::current();
    const xo::sim::Time time = world.engine().now();
    now = xo::sim::time_to_seconds(time);
    // A loop that spins on MPI_Wtime until some time has passed must end under --compute=none,
    // where the loop itself takes no virtual time: the third reading in a row of the same time
    // costs what a poll does, after it is taken. Timing work (readings that differ), or one timed
    // section ending where the next begins (two equal readings), stays free.
    xo::mpi::ApiRank& self = xo::mpi::api_self(world);
    self.same_wtime_readings = self.last_wtime == time ? self.same_wtime_readings + 1 : 1;
    self.last_wtime = time;
    if (self.same_wtime_readings >= 3) world.engine().advance(world.poll_cost());
  });
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
    xo::mpi::copy_string_out(world.machine().name() + "-" + node, name, resultlen, MPI_MAX_PROCESSOR_NAME);
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

int MPI_Get_library_version(char* version, int* resultlen) {
  return api_call("MPI_Get_library_version", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(version, "version");
    xo::mpi::require_pointer(resultlen, "resultlen");
    const xo::hw::Machine& machine = World::current().machine();
    const std::string text = "Crossover reference MPI " + std::to_string(MPI_VERSION) + "." +
                             std::to_string(MPI_SUBVERSION) +
                             " (MPI-1 with parts of MPI-2 and MPI-3), simulating machine model " + machine.name() +
                             ": " + machine.description();
    xo::mpi::copy_string_out(text, version, resultlen, MPI_MAX_LIBRARY_VERSION_STRING);
  });
}

int MPI_Pcontrol(const int level, ...) {
  // Profiling control has no effect on the simulation; the call is traced with the others.
  (void)level;
  return api_call("MPI_Pcontrol", MPI_COMM_WORLD, [] {});
}

int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void* baseptr) {
  return api_call("MPI_Alloc_mem", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(baseptr, "baseptr");
    if (size < 0) {
      throw MpiError(MPI_ERR_ARG, "size " + std::to_string(size) + " is negative; MPI_Alloc_mem needs a size >= 0");
    }
    xo::mpi::RankState& self = World::current().self();
    self.infos.check_or_null(info);  // no hints are understood, but the handle must be valid
    void* memory = std::malloc(size > 0 ? static_cast<std::size_t>(size) : 1);
    if (memory == nullptr) {
      throw MpiError(MPI_ERR_NO_MEM, "MPI_Alloc_mem could not allocate " + std::to_string(size) + " bytes");
    }
    xo::mpi::api_self(World::current())
        .allocations.emplace(memory, std::unique_ptr<void, xo::mpi::FreeDeleter>(memory));
    std::memcpy(baseptr, &memory, sizeof memory);  // baseptr is really a void**
  });
}

int MPI_Free_mem(void* base) {
  return api_call("MPI_Free_mem", MPI_COMM_WORLD, [&] {
    if (base == nullptr) return;
    auto& allocations = xo::mpi::api_self(World::current()).allocations;
    if (allocations.erase(base) == 0) {
      throw MpiError(MPI_ERR_BASE,
                     "the pointer passed to MPI_Free_mem was not returned by MPI_Alloc_mem on this "
                     "rank, or was freed already");
    }
  });
}

}  // extern "C"
