#pragma once
// How a derived datatype was built, for MPI_Type_get_envelope and MPI_Type_get_contents: the
// constructor (an MPI_COMBINER_* value) and the integers, addresses and datatypes it was given,
// in the order the standard lists them for that combiner. The datatype arguments are held as
// objects, not handles, so a type the program has freed since can still be handed back.

#include <mpi.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <vector>

namespace xo::mpi {

class Datatype;
class DatatypeTable;

struct TypeArgument {
  MPI_Datatype predefined = MPI_DATATYPE_NULL;  // a predefined type's handle, or
  std::shared_ptr<const Datatype> derived;      // the derived type itself
};

struct TypeEnvelope {
  int combiner = MPI_COMBINER_NAMED;
  std::vector<int> integers;
  std::vector<std::int64_t> addresses;
  std::vector<TypeArgument> types;
};

// The envelope of a type built by `combiner` from the calling rank's datatype handles `types`.
std::shared_ptr<const TypeEnvelope> make_envelope(const DatatypeTable& table, int combiner, std::vector<int> integers,
                                                  std::vector<std::int64_t> addresses,
                                                  std::span<const MPI_Datatype> types);
inline std::shared_ptr<const TypeEnvelope> make_envelope(const DatatypeTable& table, int combiner,
                                                         std::vector<int> integers, std::vector<std::int64_t> addresses,
                                                         std::initializer_list<MPI_Datatype> types) {
  return make_envelope(table, combiner, std::move(integers), std::move(addresses),
                       std::span<const MPI_Datatype>(types.begin(), types.size()));
}

}  // namespace xo::mpi
