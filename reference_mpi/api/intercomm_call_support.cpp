#include "intercomm_call_support.hpp"

#include <string>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/reduction_op.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void check_inter_root(int root, const CommHandle& comm) {
  if (root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < comm.peer_size())) return;
  throw MpiError(MPI_ERR_ROOT, "root " + std::to_string(root) + " is invalid on the intercommunicator " +
                                   comm.shared->name +
                                   ": the root passes MPI_ROOT, the other ranks of its group "
                                   "MPI_PROC_NULL, and the other group the root's rank (0 to " +
                                   std::to_string(comm.peer_size() - 1) + ")");
}

void reject_in_place(const void* buffer, const char* what) {
  if (buffer != MPI_IN_PLACE) return;
  throw MpiError(MPI_ERR_BUFFER,
                 std::string(what) + " is MPI_IN_PLACE, which is not allowed on an intercommunicator; pass a buffer");
}

std::span<const int> remote_counts(const int* counts, const CommHandle& comm, const char* what) {
  require_pointer(counts, what);
  const std::span<const int> out(counts, static_cast<std::size_t>(comm.peer_size()));
  check_counts(out, what);
  return out;
}

DatatypeRef prepare_reduction(CollectiveRun& run, int count, MPI_Datatype datatype, MPI_Op op) {
  require_count(count);
  auto type = run.self.datatypes.get_committed(datatype);
  const ReductionOp& reduction = run.self.ops.get(op);
  reduction.check(*type);
  run.reduction = &reduction;
  run.predefined_op = op < XO_FIRST_USER_OP;
  run.type = type.type;
  run.type_handle = datatype;
  run.count = count;
  return type;
}

}  // namespace xo::mpi
