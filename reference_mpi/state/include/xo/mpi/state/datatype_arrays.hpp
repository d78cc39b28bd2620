#pragma once
// The array datatypes of MPI-2 (MPI_Type_create_subarray, MPI_Type_create_darray), built from
// hvector, hindexed and resized types. Both have lower bound 0 and the extent of the whole array,
// as the standard defines them, so consecutive instances are consecutive whole arrays.

#include <mpi.h>

#include <span>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

// A sub-block of an ndims array of `old`: sizes, subsizes and starts per dimension, `order`
// MPI_ORDER_C or MPI_ORDER_FORTRAN. Throws MpiError(MPI_ERR_ARG) naming a bad argument.
Datatype subarray(std::span<const int> sizes, std::span<const int> subsizes, std::span<const int> starts, int order,
                  const Datatype& old);

struct DarrayDimension {
  int gsize = 1;                        // global size of the array in this dimension
  int distrib = MPI_DISTRIBUTE_NONE;    // MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE
  int darg = MPI_DISTRIBUTE_DFLT_DARG;  // block size, or MPI_DISTRIBUTE_DFLT_DARG
  int psize = 1;                        // processes of the grid in this dimension
};

// The part of a distributed global array that process `rank` of `size` holds (process grid in
// row-major order, as MPI_Cart_create numbers it). Throws MpiError(MPI_ERR_ARG) on bad arguments.
Datatype darray(int size, int rank, std::span<const DarrayDimension> dims, int order, const Datatype& old);

}  // namespace xo::mpi
