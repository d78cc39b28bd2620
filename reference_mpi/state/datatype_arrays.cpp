#include "xo/mpi/state/datatype_arrays.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

void check_order(int order) {
  if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN) {
    throw MpiError(MPI_ERR_ARG, "order " + std::to_string(order) + " is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN");
  }
}

void check_dims(std::size_t ndims) {
  if (ndims == 0) throw MpiError(MPI_ERR_ARG, "ndims is 0; an array type needs at least one dimension");
}

// Dimensions from the fastest-varying in memory to the slowest: the last one first in C order.
std::vector<std::size_t> fastest_first(std::size_t ndims, int order) {
  std::vector<std::size_t> dims(ndims);
  for (std::size_t k = 0; k < ndims; ++k) dims[k] = order == MPI_ORDER_C ? ndims - 1 - k : k;
  return dims;
}

std::string dim_text(const char* what, std::size_t d, int value) {
  return std::string(what) + "[" + std::to_string(d) + "] is " + std::to_string(value);
}

// A run of consecutive global indices one process holds in one dimension.
struct IndexRun {
  std::int64_t start;
  int length;
};

// The runs of indices along one dimension that the process at grid coordinate `coord` holds.
std::vector<IndexRun> owned_runs(const DarrayDimension& dim, int coord, std::size_t d) {
  const std::int64_t g = dim.gsize;
  std::vector<IndexRun> runs;
  switch (dim.distrib) {
    case MPI_DISTRIBUTE_NONE:
      if (dim.psize != 1) {
        throw MpiError(MPI_ERR_ARG, dim_text("psizes", d, dim.psize) +
                                        " but the dimension is MPI_DISTRIBUTE_NONE, which needs 1 process");
      }
      runs.push_back({0, dim.gsize});
      return runs;
    case MPI_DISTRIBUTE_BLOCK: {
      const std::int64_t block = dim.darg == MPI_DISTRIBUTE_DFLT_DARG ? (g + dim.psize - 1) / dim.psize : dim.darg;
      if (block * dim.psize < g) {
        throw MpiError(MPI_ERR_ARG, dim_text("dargs", d, dim.darg) + ": blocks of " + std::to_string(block) + " on " +
                                        std::to_string(dim.psize) + " processes do not cover " + std::to_string(g) +
                                        " elements; use a larger block or "
                                        "MPI_DISTRIBUTE_DFLT_DARG");
      }
      const std::int64_t start = coord * block;
      const std::int64_t length = std::min(block, g - start);
      if (length > 0) runs.push_back({start, static_cast<int>(length)});
      return runs;
    }
    case MPI_DISTRIBUTE_CYCLIC: {
      const std::int64_t block = dim.darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : dim.darg;
      for (std::int64_t start = coord * block; start < g; start += block * dim.psize) {
        runs.push_back({start, static_cast<int>(std::min(block, g - start))});
      }
      return runs;
    }
    default:
      throw MpiError(MPI_ERR_ARG, dim_text("distribs", d, dim.distrib) +
                                      "; use MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC or MPI_DISTRIBUTE_NONE");
  }
}

void check_darray_dim(const DarrayDimension& dim, std::size_t d) {
  if (dim.gsize <= 0) throw MpiError(MPI_ERR_ARG, dim_text("gsizes", d, dim.gsize) + "; sizes must be positive");
  if (dim.psize <= 0) throw MpiError(MPI_ERR_ARG, dim_text("psizes", d, dim.psize) + "; sizes must be positive");
  if (dim.distrib != MPI_DISTRIBUTE_NONE && dim.darg != MPI_DISTRIBUTE_DFLT_DARG && dim.darg <= 0) {
    throw MpiError(MPI_ERR_ARG, dim_text("dargs", d, dim.darg) +
                                    "; use a positive block size or "
                                    "MPI_DISTRIBUTE_DFLT_DARG");
  }
}

}  // namespace

Datatype subarray(std::span<const int> sizes, std::span<const int> subsizes, std::span<const int> starts, int order,
                  const Datatype& old) {
  check_dims(sizes.size());
  check_order(order);
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] <= 0) throw MpiError(MPI_ERR_ARG, dim_text("sizes", d, sizes[d]) + "; sizes must be positive");
    if (subsizes[d] <= 0 || subsizes[d] > sizes[d]) {
      throw MpiError(MPI_ERR_ARG, dim_text("subsizes", d, subsizes[d]) + "; it must be from 1 to sizes[" +
                                      std::to_string(d) + "] = " + std::to_string(sizes[d]));
    }
    if (starts[d] < 0 || starts[d] > sizes[d] - subsizes[d]) {
      throw MpiError(MPI_ERR_ARG, dim_text("starts", d, starts[d]) +
                                      "; the sub-block must fit: from 0 to sizes - "
                                      "subsizes = " +
                                      std::to_string(sizes[d] - subsizes[d]));
    }
  }
  // Built from the fastest dimension out: each level repeats the one inside it at the stride of a
  // whole row of the level below; the start of the block is one displacement at the end.
  Datatype type = old;
  std::int64_t stride = old.extent();
  std::int64_t offset = 0;
  for (std::size_t d : fastest_first(sizes.size(), order)) {
    type = Datatype::hvector(subsizes[d], 1, stride, type);
    offset += starts[d] * stride;
    stride *= sizes[d];
  }
  const int one[] = {1};
  const std::int64_t at[] = {offset};
  return Datatype::resized(Datatype::hindexed(one, at, type), 0, stride);
}

Datatype darray(int size, int rank, std::span<const DarrayDimension> dims, int order, const Datatype& old) {
  check_dims(dims.size());
  check_order(order);
  if (size <= 0) throw MpiError(MPI_ERR_ARG, "size " + std::to_string(size) + " is not a positive process count");
  if (rank < 0 || rank >= size) {
    throw MpiError(MPI_ERR_ARG, "rank " + std::to_string(rank) + " is not a rank of " + std::to_string(size) +
                                    " processes (0 to " + std::to_string(size - 1) + ")");
  }
  std::int64_t grid = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    check_darray_dim(dims[d], d);
    grid *= dims[d].psize;
  }
  if (grid != size) {
    throw MpiError(MPI_ERR_ARG, "the process grid (the product of psizes) has " + std::to_string(grid) +
                                    " processes but size is " + std::to_string(size));
  }
  // Grid coordinates of `rank`, row-major whatever the array order.
  std::vector<int> coords(dims.size());
  for (std::size_t d = dims.size(), rest = static_cast<std::size_t>(rank); d-- > 0;) {
    coords[d] = static_cast<int>(rest % static_cast<std::size_t>(dims[d].psize));
    rest /= static_cast<std::size_t>(dims[d].psize);
  }
  // From the fastest dimension out: the runs this process holds along the dimension, each a block
  // of rows of the level below (resized to a whole row, so a block steps row by row).
  Datatype type = old;
  std::int64_t stride = old.extent();
  bool innermost = true;
  for (std::size_t d : fastest_first(dims.size(), order)) {
    const std::vector<IndexRun> runs = owned_runs(dims[d], coords[d], d);
    std::vector<int> lengths;
    std::vector<std::int64_t> displacements;
    for (const IndexRun& run : runs) {
      lengths.push_back(run.length);
      displacements.push_back(run.start * stride);
    }
    const Datatype row = innermost ? type : Datatype::resized(type, 0, stride);
    type = Datatype::hindexed(lengths, displacements, row);
    stride *= dims[d].gsize;
    innermost = false;
  }
  return Datatype::resized(type, 0, stride);
}

}  // namespace xo::mpi
