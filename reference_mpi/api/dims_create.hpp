#pragma once
// MPI_Dims_create: a balanced grid of `nnodes` processes. Non-zero entries of `dims` are fixed;
// the zero entries get factors of what is left whose largest and smallest differ as little as
// possible (ties: the smallest factor as large as possible, then the next smallest, ...), in
// non-increasing order.

#include <span>

namespace xo::mpi {

// Fills the zero entries of `dims`. Throws MpiError: MPI_ERR_DIMS for a negative entry, or when the
// fixed entries do not divide nnodes (or leave no zero entry and their product is not nnodes);
// MPI_ERR_ARG for a negative nnodes.
void dims_create(int nnodes, std::span<int> dims);

}  // namespace xo::mpi
