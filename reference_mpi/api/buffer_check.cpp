#include "buffer_check.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

void require_buffer(const void* buffer, std::int64_t count, const Datatype& type, const char* what) {
  if (buffer != nullptr || count <= 0 || type.size() == 0 || type.blocks().empty()) return;
  // The true lower bound: where the first byte of data lies, whatever MPI_LB markers say.
  std::int64_t true_lb = type.blocks().front().offset;
  for (const TypeBlock& block : type.blocks()) true_lb = std::min(true_lb, block.offset);
  if (true_lb != 0) return;  // absolute addresses from MPI_BOTTOM
  throw MpiError(MPI_ERR_BUFFER, std::string(what) + " is a null pointer but the call moves " + std::to_string(count) +
                                     " elements of a datatype of " + std::to_string(type.size()) +
                                     " bytes; pass a valid buffer (MPI_BOTTOM, which is NULL, serves only datatypes "
                                     "built from absolute addresses with MPI_Get_address)");
}

}  // namespace xo::mpi
