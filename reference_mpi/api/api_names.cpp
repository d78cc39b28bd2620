// MPI object names (MPI-2 §6.8, §8.4): names of communicators and datatypes. A name is local to
// the rank that sets it. Predefined objects have their standard names; others have none (an empty
// string) until one is set, and MPI_Comm_dup does not copy it.

#include <cstring>
#include <string>

#include "api_call.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::World;

namespace {

// At most MPI_MAX_OBJECT_NAME - 1 characters are kept; longer names are truncated, as MPI says.
std::string checked_name(const char* name) {
  xo::mpi::require_pointer(name, "name");
  return std::string(name, strnlen(name, MPI_MAX_OBJECT_NAME - 1));
}

const char* predefined_type_name(MPI_Datatype type) {
  switch (type) {
    case MPI_FLOAT_INT: return "MPI_FLOAT_INT";
    case MPI_DOUBLE_INT: return "MPI_DOUBLE_INT";
    case MPI_LONG_INT: return "MPI_LONG_INT";
    case MPI_2INT: return "MPI_2INT";
    case MPI_SHORT_INT: return "MPI_SHORT_INT";
    case MPI_LONG_DOUBLE_INT: return "MPI_LONG_DOUBLE_INT";
    case MPI_2INTEGER: return "MPI_2INTEGER";
    case MPI_2REAL: return "MPI_2REAL";
    case MPI_2DOUBLE_PRECISION: return "MPI_2DOUBLE_PRECISION";
    case MPI_UB: return "MPI_UB";
    case MPI_LB: return "MPI_LB";
    default: break;
  }
  // The basic types: one block of their basic element, whose name is the handle's.
  const xo::mpi::Datatype* t = xo::mpi::predefined_datatype(type);
  return t != nullptr && t->blocks().size() == 1 ? xo::mpi::basic_type_name(t->blocks().front().basic) : "";
}

}  // namespace

extern "C" {

int MPI_Comm_set_name(MPI_Comm comm, const char* comm_name) {
  return api_call("MPI_Comm_set_name", comm, [&] {
    World& world = World::current();
    xo::mpi::CommHandle& handle = world.self().comms.get(comm);
    handle.local_name = checked_name(comm_name);
    handle.named = true;
    if (xo::mpi::RunObserver* observer = world.observer()) {
      observer->comm_named(world.self().world_rank, handle.shared->context, handle.local_name);
    }
  });
}

int MPI_Comm_get_name(MPI_Comm comm, char* comm_name, int* resultlen) {
  return api_call("MPI_Comm_get_name", comm, [&] {
    xo::mpi::require_pointer(comm_name, "comm_name");
    xo::mpi::require_pointer(resultlen, "resultlen");
    const xo::mpi::CommHandle& handle = World::current().self().comms.get(comm);
    std::string name = handle.local_name;
    if (!handle.named && comm == MPI_COMM_WORLD) name = "MPI_COMM_WORLD";
    if (!handle.named && comm == MPI_COMM_SELF) name = "MPI_COMM_SELF";
    xo::mpi::copy_string_out(name, comm_name, resultlen, MPI_MAX_OBJECT_NAME);
  });
}

int MPI_Type_set_name(MPI_Datatype datatype, const char* type_name) {
  return api_call("MPI_Type_set_name", MPI_COMM_WORLD, [&] {
    xo::mpi::RankState& self = World::current().self();
    self.datatypes.get(datatype);
    xo::mpi::TypeExtras& extras = self.type_extras[datatype];
    extras.name = checked_name(type_name);
    extras.named = true;
  });
}

int MPI_Type_get_name(MPI_Datatype datatype, char* type_name, int* resultlen) {
  return api_call("MPI_Type_get_name", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(type_name, "type_name");
    xo::mpi::require_pointer(resultlen, "resultlen");
    xo::mpi::RankState& self = World::current().self();
    self.datatypes.get(datatype);
    auto it = self.type_extras.find(datatype);
    const bool named = it != self.type_extras.end() && it->second.named;
    const std::string name = named ? it->second.name : predefined_type_name(datatype);
    xo::mpi::copy_string_out(name, type_name, resultlen, MPI_MAX_OBJECT_NAME);
  });
}

}  // extern "C"
