#pragma once
// Where MPI runs attribute callbacks outside the attribute calls themselves: when a communicator
// or datatype is duplicated or freed, and in MPI_Finalize, which first deletes the attributes of
// MPI_COMM_SELF (MPI-2.2 §8.7.1). Each throws MpiError with a callback's error code.

#include <mpi.h>

namespace xo::mpi {

struct RankState;

// MPI_Comm_dup: the copy callbacks decide what `new_comm` gets.
void copy_comm_attributes(RankState& self, MPI_Comm old_comm, MPI_Comm new_comm);
// MPI_Comm_free and MPI_Finalize: every delete callback, the last attribute set first.
void delete_comm_attributes(RankState& self, MPI_Comm comm);
// MPI_Type_dup (the hook for it): the copy callbacks decide what `new_type` gets.
void copy_type_attributes(RankState& self, MPI_Datatype old_type, MPI_Datatype new_type);
// MPI_Type_free: every delete callback, then the name goes too.
void release_type_extras(RankState& self, MPI_Datatype type);

}  // namespace xo::mpi
