// Datatype introspection (MPI-2): MPI_Type_get_envelope says which constructor made a type and
// how many arguments of each kind it took; MPI_Type_get_contents gives those arguments back.

#include <algorithm>
#include <string>

#include "api_call.hpp"
#include "xo/mpi/state/datatype_table.hpp"

using xo::mpi::api_call;
using xo::mpi::current_datatypes;
using xo::mpi::MpiError;
using xo::mpi::TypeEnvelope;

namespace {

// The envelope of a derived type; nullptr for a predefined one.
const TypeEnvelope* envelope_of(MPI_Datatype datatype) {
  if (xo::mpi::predefined_datatype(datatype) != nullptr) return nullptr;
  const TypeEnvelope* envelope = current_datatypes().get(datatype).envelope();
  if (envelope == nullptr) {
    throw MpiError(MPI_ERR_INTERN, "datatype " + std::to_string(datatype) + " has no record of its constructor");
  }
  return envelope;
}

void check_room(const char* what, int max, std::size_t needed) {
  if (max < 0 || static_cast<std::size_t>(max) < needed) {
    throw MpiError(MPI_ERR_ARG, std::string(what) + " is " + std::to_string(max) + " but the type has " +
                                    std::to_string(needed) + "; size the arrays with MPI_Type_get_envelope");
  }
}

}  // namespace

extern "C" {

int MPI_Type_get_envelope(MPI_Datatype datatype, int* num_integers, int* num_addresses, int* num_datatypes,
                          int* combiner) {
  return api_call("MPI_Type_get_envelope", MPI_COMM_WORLD, [&] {
    for (const int* p : {num_integers, num_addresses, num_datatypes, combiner}) {
      xo::mpi::require_pointer(p, "an output argument");
    }
    const TypeEnvelope* envelope = envelope_of(datatype);
    if (envelope == nullptr) {
      *num_integers = *num_addresses = *num_datatypes = 0;
      *combiner = MPI_COMBINER_NAMED;
      return;
    }
    *num_integers = static_cast<int>(envelope->integers.size());
    *num_addresses = static_cast<int>(envelope->addresses.size());
    *num_datatypes = static_cast<int>(envelope->types.size());
    *combiner = envelope->combiner;
  });
}

int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                          int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[]) {
  return api_call("MPI_Type_get_contents", MPI_COMM_WORLD, [&] {
    const TypeEnvelope* envelope = envelope_of(datatype);
    if (envelope == nullptr) {
      throw MpiError(MPI_ERR_TYPE, "datatype " + std::to_string(datatype) +
                                       " is predefined (combiner MPI_COMBINER_NAMED) and has no contents; call "
                                       "MPI_Type_get_envelope first and MPI_Type_get_contents only for derived types");
    }
    check_room("max_integers", max_integers, envelope->integers.size());
    check_room("max_addresses", max_addresses, envelope->addresses.size());
    check_room("max_datatypes", max_datatypes, envelope->types.size());
    if (!envelope->integers.empty()) xo::mpi::require_pointer(array_of_integers, "array_of_integers");
    if (!envelope->addresses.empty()) xo::mpi::require_pointer(array_of_addresses, "array_of_addresses");
    if (!envelope->types.empty()) xo::mpi::require_pointer(array_of_datatypes, "array_of_datatypes");
    std::copy(envelope->integers.begin(), envelope->integers.end(), array_of_integers);
    std::copy(envelope->addresses.begin(), envelope->addresses.end(), array_of_addresses);
    // Derived arguments come back as new handles the program must free, as the standard says.
    for (std::size_t i = 0; i < envelope->types.size(); ++i) {
      array_of_datatypes[i] = current_datatypes().handle_for(envelope->types[i]);
    }
  });
}

}  // extern "C"
