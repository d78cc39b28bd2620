#pragma once
// A rank's MPI_Datatype handles. Predefined types are shared, immutable and live for the whole
// process; user types live in per-rank slots from XO_FIRST_USER_DATATYPE upward and are
// reference-counted so that a type freed while a message still uses it stays valid until then.

#include <mpi.h>

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "xo/mpi/state/datatype.hpp"
#include "xo/mpi/state/datatype_envelope.hpp"
#include "xo/mpi/state/handle_holds.hpp"

namespace xo::mpi {

// A datatype in use by a pending operation: the pointer, and ownership when it is a user type.
struct DatatypeRef {
  const Datatype* type = nullptr;
  std::shared_ptr<const Datatype> owner;  // empty for predefined types (they are immortal)
  const Datatype* operator->() const { return type; }
  const Datatype& operator*() const { return *type; }
};

class DatatypeTable {
 public:
  // Throws MpiError(MPI_ERR_TYPE) for MPI_DATATYPE_NULL, unknown or freed handles.
  const Datatype& get(MPI_Datatype handle) const;
  // Also requires the type to be committed, as communication and Pack do.
  DatatypeRef get_committed(MPI_Datatype handle) const;
  MPI_Datatype add(Datatype type);
  void commit(MPI_Datatype handle);
  // Predefined types (and MPI_Type_create_f90_* ones) cannot be freed; sets the handle to
  // MPI_DATATYPE_NULL.
  void free(MPI_Datatype& handle);
  // A nonblocking collective in flight holds the types it was given: freed meanwhile, as MPI
  // allows, a type keeps its handle (not reused) until the last holder lets go. No effect on
  // predefined or bad handles.
  void pin(MPI_Datatype handle);
  void unpin(MPI_Datatype handle);

  // The handle MPI_Type_create_f90_real/complex/integer gives: `matching` under an envelope of
  // `combiner` and `integers` ({p, r} or {r}), made on the first call and the same handle for the
  // same arguments afterwards. Such a type is predefined (MPI-3.1 section 17.1.9): committed, never
  // freed, and handed back as itself by MPI_Type_get_contents.
  MPI_Datatype f90_type(int combiner, std::vector<int> integers, const Datatype& matching);
  bool is_f90_type(MPI_Datatype handle) const;

  // A type as a constructor's argument, kept alive by the envelope of the type built from it.
  TypeArgument argument(MPI_Datatype handle) const;
  // A handle for an argument that MPI_Type_get_contents returns: the predefined handle, or a new
  // handle to the derived type (the program frees it, as the standard says).
  MPI_Datatype handle_for(const TypeArgument& argument);

 private:
  const std::shared_ptr<const Datatype>* user_slot(MPI_Datatype handle) const;
  std::vector<std::shared_ptr<const Datatype>> user_;  // index = handle - XO_FIRST_USER_DATATYPE
  HandleHolds holds_;
  std::map<std::pair<int, std::vector<int>>, MPI_Datatype> f90_;  // (combiner, integers) -> handle
};

// The predefined datatype behind a handle, or nullptr.
const Datatype* predefined_datatype(MPI_Datatype handle);

}  // namespace xo::mpi
