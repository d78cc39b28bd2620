// MPI datatype calls: the MPI-1 constructors, commit and free, size and extent queries,
// Pack/Unpack and addresses. Every constructor records how it built its type (the combiner and
// arguments MPI_Type_get_envelope and MPI_Type_get_contents report).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "api_call.hpp"
#include "datatype_constructor_call.hpp"
#include "xo/mpi/state/attribute_hooks.hpp"
#include "xo/mpi/state/datatype_envelope.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/datatype_table.hpp"

using xo::mpi::api_call;
using xo::mpi::current_datatypes;
using xo::mpi::Datatype;
using xo::mpi::MpiError;

namespace {

using Integers = xo::mpi::TypeIntegers;
using Addresses = xo::mpi::TypeAddresses;
using xo::mpi::construct_datatype;

int struct_type(const char* call, int count, const int blocklengths[], const MPI_Aint displacements[],
                const MPI_Datatype types[], MPI_Datatype* newtype) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    xo::mpi::require_count(count);
    xo::mpi::require_pointer(newtype, "newtype");
    if (count > 0) {
      xo::mpi::require_pointer(blocklengths, "blocklengths");
      xo::mpi::require_pointer(displacements, "displacements");
      xo::mpi::require_pointer(types, "types");
    }
    auto& table = current_datatypes();
    const auto n = static_cast<std::size_t>(count);
    std::vector<const Datatype*> parts;
    Addresses bytes(displacements, displacements + n);
    for (std::size_t i = 0; i < n; ++i) parts.push_back(&table.get(types[i]));
    Datatype type = Datatype::structure({blocklengths, n}, bytes, parts);
    Integers integers{count};
    integers.insert(integers.end(), blocklengths, blocklengths + n);
    type.set_envelope(xo::mpi::make_envelope(table, MPI_COMBINER_STRUCT, std::move(integers), std::move(bytes),
                                             std::span<const MPI_Datatype>(types, n)));
    *newtype = table.add(std::move(type));
  });
}

}  // namespace

extern "C" {

int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return construct_datatype(
      "MPI_Type_contiguous", oldtype, newtype, MPI_COMBINER_CONTIGUOUS,
      [&] {
        return std::pair{Integers{count}, Addresses{}};
      },
      [&](const Datatype& old) { return Datatype::contiguous(count, old); });
}

int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return construct_datatype(
      "MPI_Type_vector", oldtype, newtype, MPI_COMBINER_VECTOR,
      [&] {
        return std::pair{Integers{count, blocklength, stride}, Addresses{}};
      },
      [&](const Datatype& old) { return Datatype::vector(count, blocklength, stride, old); });
}

int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return construct_datatype(
      "MPI_Type_hvector", oldtype, newtype, MPI_COMBINER_HVECTOR,
      [&] {
        return std::pair{Integers{count, blocklength}, Addresses{stride}};
      },
      [&](const Datatype& old) { return Datatype::hvector(count, blocklength, stride, old); });
}

int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return construct_datatype(
      "MPI_Type_create_hvector", oldtype, newtype, MPI_COMBINER_HVECTOR,
      [&] {
        return std::pair{Integers{count, blocklength}, Addresses{stride}};
      },
      [&](const Datatype& old) { return Datatype::hvector(count, blocklength, stride, old); });
}

int MPI_Type_indexed(int count, const int blocklengths[], const int displacements[], MPI_Datatype oldtype,
                     MPI_Datatype* newtype) {
  const auto n = static_cast<std::size_t>(count > 0 ? count : 0);
  return construct_datatype(
      "MPI_Type_indexed", oldtype, newtype, MPI_COMBINER_INDEXED,
      [&] {
        Integers integers{count};
        integers.insert(integers.end(), blocklengths, blocklengths + n);
        integers.insert(integers.end(), displacements, displacements + n);
        return std::pair{std::move(integers), Addresses{}};
      },
      [&](const Datatype& old) {
        xo::mpi::require_count(count);
        if (count > 0) {
          xo::mpi::require_pointer(blocklengths, "blocklengths");
          xo::mpi::require_pointer(displacements, "displacements");
        }
        return Datatype::indexed({blocklengths, n}, {displacements, n}, old);
      });
}

int MPI_Type_create_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                           const MPI_Datatype types[], MPI_Datatype* newtype) {
  return struct_type("MPI_Type_create_struct", count, blocklengths, displacements, types, newtype);
}

int MPI_Type_struct(int count, int blocklengths[], MPI_Aint displacements[], MPI_Datatype types[],
                    MPI_Datatype* newtype) {
  return struct_type("MPI_Type_struct", count, blocklengths, displacements, types, newtype);
}

int MPI_Type_commit(MPI_Datatype* datatype) {
  return api_call("MPI_Type_commit", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(datatype, "datatype");
    current_datatypes().commit(*datatype);
  });
}

int MPI_Type_free(MPI_Datatype* datatype) {
  return api_call("MPI_Type_free", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(datatype, "datatype");
    // Only a type that free() will accept loses its attributes: predefined ones raise the error first.
    if (xo::mpi::predefined_datatype(*datatype) == nullptr && !current_datatypes().is_f90_type(*datatype)) {
      current_datatypes().get(*datatype);  // a valid handle before its callbacks run
      xo::mpi::release_type_extras(xo::mpi::current_rank_state(), *datatype);
    }
    current_datatypes().free(*datatype);
  });
}

int MPI_Type_size(MPI_Datatype datatype, int* size) {
  return api_call("MPI_Type_size", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(size, "size");
    *size = static_cast<int>(current_datatypes().get(datatype).size());
  });
}

int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent) {
  return api_call("MPI_Type_get_extent", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(lb, "lb");
    xo::mpi::require_pointer(extent, "extent");
    const Datatype& t = current_datatypes().get(datatype);
    *lb = t.lb();
    *extent = t.extent();
  });
}

int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint* extent) {
  return api_call("MPI_Type_extent", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(extent, "extent");
    *extent = current_datatypes().get(datatype).extent();
  });
}

int MPI_Pack(const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf, int outsize, int* position,
             MPI_Comm comm) {
  return api_call("MPI_Pack", comm, [&] {
    xo::mpi::require_count(incount);
    xo::mpi::require_pointer(position, "position");
    const auto type = current_datatypes().get_committed(datatype);
    const std::int64_t bytes = incount * type->size();
    if (*position < 0 || *position + bytes > outsize) {
      throw MpiError(MPI_ERR_TRUNCATE, "MPI_Pack needs " + std::to_string(bytes) + " bytes at position " +
                                           std::to_string(*position) + " but the output buffer holds " +
                                           std::to_string(outsize) + "; size it with MPI_Pack_size");
    }
    if (bytes > 0) xo::mpi::pack(inbuf, incount, *type, static_cast<std::byte*>(outbuf) + *position);
    *position += static_cast<int>(bytes);
  });
}

int MPI_Unpack(const void* inbuf, int insize, int* position, void* outbuf, int outcount, MPI_Datatype datatype,
               MPI_Comm comm) {
  return api_call("MPI_Unpack", comm, [&] {
    xo::mpi::require_count(outcount);
    xo::mpi::require_pointer(position, "position");
    const auto type = current_datatypes().get_committed(datatype);
    const std::int64_t bytes = outcount * type->size();
    if (*position < 0 || *position + bytes > insize) {
      throw MpiError(MPI_ERR_TRUNCATE, "MPI_Unpack wants " + std::to_string(bytes) + " bytes at position " +
                                           std::to_string(*position) + " but the input buffer holds " +
                                           std::to_string(insize));
    }
    if (bytes > 0) xo::mpi::unpack(static_cast<const std::byte*>(inbuf) + *position, bytes, *type, outbuf);
    *position += static_cast<int>(bytes);
  });
}

int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int* size) {
  return api_call("MPI_Pack_size", comm, [&] {
    xo::mpi::require_count(incount);
    xo::mpi::require_pointer(size, "size");
    *size = static_cast<int>(incount * current_datatypes().get(datatype).size());
  });
}

// MPI-3.1 section 4.1.5: addresses are plain integers here, so the arithmetic is too.
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp) { return base + disp; }
MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2) { return addr1 - addr2; }

int MPI_Get_address(const void* location, MPI_Aint* address) {
  return api_call("MPI_Get_address", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(address, "address");
    *address = reinterpret_cast<MPI_Aint>(location);
  });
}

int MPI_Address(void* location, MPI_Aint* address) { return MPI_Get_address(location, address); }

}  // extern "C"
