// Datatype bounds and sizes beyond MPI-1's MPI_Type_size and MPI_Type_extent: the MPI-1
// MPI_Type_lb and MPI_Type_ub, the true extent (the data alone, markers and resizing ignored),
// and the MPI_Count (_x) variants of the size, extent and element queries.

#include "api_call.hpp"
#include "xo/mpi/state/datatype_table.hpp"

using xo::mpi::api_call;
using xo::mpi::current_datatypes;
using xo::mpi::Datatype;

extern "C" {

int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint* displacement) {
  return api_call("MPI_Type_lb", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(displacement, "displacement");
    *displacement = current_datatypes().get(datatype).lb();
  });
}

int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint* displacement) {
  return api_call("MPI_Type_ub", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(displacement, "displacement");
    *displacement = current_datatypes().get(datatype).ub();
  });
}

int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint* true_lb, MPI_Aint* true_extent) {
  return api_call("MPI_Type_get_true_extent", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(true_lb, "true_lb");
    xo::mpi::require_pointer(true_extent, "true_extent");
    const Datatype& type = current_datatypes().get(datatype);
    *true_lb = type.true_lb();
    *true_extent = type.true_extent();
  });
}

int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count* size) {
  return api_call("MPI_Type_size_x", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(size, "size");
    *size = current_datatypes().get(datatype).size();
  });
}

int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent) {
  return api_call("MPI_Type_get_extent_x", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(lb, "lb");
    xo::mpi::require_pointer(extent, "extent");
    const Datatype& type = current_datatypes().get(datatype);
    *lb = type.lb();
    *extent = type.extent();
  });
}

int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count* true_lb, MPI_Count* true_extent) {
  return api_call("MPI_Type_get_true_extent_x", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(true_lb, "true_lb");
    xo::mpi::require_pointer(true_extent, "true_extent");
    const Datatype& type = current_datatypes().get(datatype);
    *true_lb = type.true_lb();
    *true_extent = type.true_extent();
  });
}

int MPI_Get_elements_x(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  return api_call("MPI_Get_elements_x", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(status, "status");
    xo::mpi::require_pointer(count, "count");
    const Datatype& type = current_datatypes().get(datatype);
    *count = type.ends_on_element(status->xo_bytes) ? type.elements_in(status->xo_bytes) : MPI_UNDEFINED;
  });
}

}  // extern "C"
