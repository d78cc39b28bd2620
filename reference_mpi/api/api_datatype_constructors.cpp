// The MPI-2/3 datatype constructors: hindexed (and its MPI-1 name), indexed_block and
// hindexed_block, subarray and darray, resized and dup.

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "api_call.hpp"
#include "datatype_constructor_call.hpp"
#include "xo/mpi/state/attribute_hooks.hpp"
#include "xo/mpi/state/datatype_arrays.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::construct_datatype;
using xo::mpi::Datatype;
using xo::mpi::MpiError;
using Integers = xo::mpi::TypeIntegers;
using Addresses = xo::mpi::TypeAddresses;

namespace {

void check_arrays(int count, std::initializer_list<std::pair<const void*, const char*>> arrays) {
  xo::mpi::require_count(count);
  if (count == 0) return;
  for (const auto& [pointer, name] : arrays) xo::mpi::require_pointer(pointer, name);
}

std::size_t length(int count) { return static_cast<std::size_t>(count > 0 ? count : 0); }

int hindexed(const char* call, int count, const int blocklengths[], const MPI_Aint displacements[],
             MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const std::size_t n = length(count);
  return construct_datatype(
      call, oldtype, newtype, MPI_COMBINER_HINDEXED,
      [&] {
        Integers integers{count};
        integers.insert(integers.end(), blocklengths, blocklengths + n);
        return std::pair{std::move(integers), Addresses(displacements, displacements + n)};
      },
      [&](const Datatype& old) {
        check_arrays(count, {{blocklengths, "blocklengths"}, {displacements, "displacements"}});
        const Addresses bytes(displacements, displacements + n);
        return Datatype::hindexed({blocklengths, n}, bytes, old);
      });
}

void check_array_type(const char* call, int ndims, std::initializer_list<const int*> arrays) {
  if (ndims <= 0) {
    throw MpiError(MPI_ERR_ARG, std::string(call) + ": ndims is " + std::to_string(ndims) +
                                    "; an array type needs at least one dimension");
  }
  for (const int* array : arrays) xo::mpi::require_pointer(array, "a per-dimension array");
}

}  // namespace

extern "C" {

int MPI_Type_create_hindexed(int count, const int blocklengths[], const MPI_Aint displacements[], MPI_Datatype oldtype,
                             MPI_Datatype* newtype) {
  return hindexed("MPI_Type_create_hindexed", count, blocklengths, displacements, oldtype, newtype);
}

int MPI_Type_hindexed(int count, int blocklengths[], MPI_Aint displacements[], MPI_Datatype oldtype,
                      MPI_Datatype* newtype) {
  return hindexed("MPI_Type_hindexed", count, blocklengths, displacements, oldtype, newtype);
}

int MPI_Type_create_indexed_block(int count, int blocklength, const int displacements[], MPI_Datatype oldtype,
                                  MPI_Datatype* newtype) {
  const std::size_t n = length(count);
  return construct_datatype(
      "MPI_Type_create_indexed_block", oldtype, newtype, MPI_COMBINER_INDEXED_BLOCK,
      [&] {
        Integers integers{count, blocklength};
        integers.insert(integers.end(), displacements, displacements + n);
        return std::pair{std::move(integers), Addresses{}};
      },
      [&](const Datatype& old) {
        check_arrays(count, {{displacements, "displacements"}});
        const std::vector<int> blocklengths(n, blocklength);
        return Datatype::indexed(blocklengths, {displacements, n}, old);
      });
}

int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype* newtype) {
  const std::size_t n = length(count);
  return construct_datatype(
      "MPI_Type_create_hindexed_block", oldtype, newtype, MPI_COMBINER_HINDEXED_BLOCK,
      [&] {
        return std::pair{Integers{count, blocklength}, Addresses(displacements, displacements + n)};
      },
      [&](const Datatype& old) {
        check_arrays(count, {{displacements, "displacements"}});
        const std::vector<int> blocklengths(n, blocklength);
        const Addresses bytes(displacements, displacements + n);
        return Datatype::hindexed(blocklengths, bytes, old);
      });
}

int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[], int order,
                             MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const std::size_t n = length(ndims);
  return construct_datatype(
      "MPI_Type_create_subarray", oldtype, newtype, MPI_COMBINER_SUBARRAY,
      [&] {
        Integers integers{ndims};
        for (const int* array : {sizes, subsizes, starts}) integers.insert(integers.end(), array, array + n);
        integers.push_back(order);
        return std::pair{std::move(integers), Addresses{}};
      },
      [&](const Datatype& old) {
        check_array_type("MPI_Type_create_subarray", ndims, {sizes, subsizes, starts});
        return xo::mpi::subarray({sizes, n}, {subsizes, n}, {starts, n}, order, old);
      });
}

int MPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[], const int distribs[], const int dargs[],
                           const int psizes[], int order, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const std::size_t n = length(ndims);
  return construct_datatype(
      "MPI_Type_create_darray", oldtype, newtype, MPI_COMBINER_DARRAY,
      [&] {
        Integers integers{size, rank, ndims};
        for (const int* array : {gsizes, distribs, dargs, psizes}) integers.insert(integers.end(), array, array + n);
        integers.push_back(order);
        return std::pair{std::move(integers), Addresses{}};
      },
      [&](const Datatype& old) {
        check_array_type("MPI_Type_create_darray", ndims, {gsizes, distribs, dargs, psizes});
        std::vector<xo::mpi::DarrayDimension> dims(n);
        for (std::size_t d = 0; d < n; ++d) dims[d] = {gsizes[d], distribs[d], dargs[d], psizes[d]};
        return xo::mpi::darray(size, rank, dims, order, old);
      });
}

int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype* newtype) {
  return construct_datatype(
      "MPI_Type_create_resized", oldtype, newtype, MPI_COMBINER_RESIZED,
      [&] {
        return std::pair{Integers{}, Addresses{lb, extent}};
      },
      [&](const Datatype& old) { return Datatype::resized(old, lb, extent); });
}

int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype* newtype) {
  // The same type map and committed state, an envelope of its own (combiner DUP), and what the
  // copy callbacks of the old type's attributes give it (MPI-2.2 §8.7.4).
  return xo::mpi::api_call("MPI_Type_dup", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(newtype, "newtype");
    xo::mpi::DatatypeTable& table = xo::mpi::current_datatypes();
    Datatype type(table.get(oldtype));
    type.set_envelope(xo::mpi::make_envelope(table, MPI_COMBINER_DUP, {}, {}, {oldtype}));
    *newtype = MPI_DATATYPE_NULL;  // what the program gets if a copy callback fails
    MPI_Datatype made = table.add(std::move(type));
    try {
      xo::mpi::copy_type_attributes(xo::mpi::World::current().self(), oldtype, made);
    } catch (const xo::mpi::MpiError&) {
      table.free(made);
      throw;
    }
    *newtype = made;
  });
}

}  // extern "C"
