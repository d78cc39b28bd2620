#pragma once
// Argument checks and set-up the intercommunicator branches of the collective calls share.

#include <mpi.h>

#include <span>

#include "xo/mpi/state/datatype_table.hpp"

namespace xo::mpi {

struct CollectiveRun;
struct CommHandle;

// MPI_ROOT, MPI_PROC_NULL or a rank of the remote group; MPI_ERR_ROOT otherwise.
void check_inter_root(int root, const CommHandle& comm);
// MPI_IN_PLACE has no meaning between two groups: MPI_ERR_BUFFER naming `what`.
void reject_in_place(const void* buffer, const char* what);
// `counts` has one entry per rank of the remote group, none negative.
std::span<const int> remote_counts(const int* counts, const CommHandle& comm, const char* what);
// Sets up `run` for `count` elements of `datatype` combined with `op` (MPI_ERR_OP if the operation
// is not defined for the type); returns the type, which must outlive the call.
DatatypeRef prepare_reduction(CollectiveRun& run, int count, MPI_Datatype datatype, MPI_Op op);

}  // namespace xo::mpi
