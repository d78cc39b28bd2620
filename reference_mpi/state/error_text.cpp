#include "xo/mpi/state/error_text.hpp"

#include <mpi.h>

namespace xo::mpi {

namespace {
struct ErrorText {
  int error_class;
  const char* name;
  const char* description;
};

constexpr ErrorText kErrors[] = {
    {MPI_SUCCESS, "MPI_SUCCESS", "no error"},
    {MPI_ERR_BUFFER, "MPI_ERR_BUFFER", "invalid buffer pointer or insufficient buffer space"},
    {MPI_ERR_COUNT, "MPI_ERR_COUNT", "invalid count argument"},
    {MPI_ERR_TYPE, "MPI_ERR_TYPE", "invalid datatype argument"},
    {MPI_ERR_TAG, "MPI_ERR_TAG", "invalid tag argument"},
    {MPI_ERR_COMM, "MPI_ERR_COMM", "invalid communicator"},
    {MPI_ERR_RANK, "MPI_ERR_RANK", "invalid rank"},
    {MPI_ERR_REQUEST, "MPI_ERR_REQUEST", "invalid request handle"},
    {MPI_ERR_ROOT, "MPI_ERR_ROOT", "invalid root"},
    {MPI_ERR_GROUP, "MPI_ERR_GROUP", "invalid group"},
    {MPI_ERR_OP, "MPI_ERR_OP", "invalid operation"},
    {MPI_ERR_TOPOLOGY, "MPI_ERR_TOPOLOGY", "invalid topology"},
    {MPI_ERR_DIMS, "MPI_ERR_DIMS", "invalid dimension argument"},
    {MPI_ERR_ARG, "MPI_ERR_ARG", "invalid argument"},
    {MPI_ERR_UNKNOWN, "MPI_ERR_UNKNOWN", "unknown error"},
    {MPI_ERR_TRUNCATE, "MPI_ERR_TRUNCATE", "message truncated on receive"},
    {MPI_ERR_OTHER, "MPI_ERR_OTHER", "other error"},
    {MPI_ERR_INTERN, "MPI_ERR_INTERN", "internal error"},
    {MPI_ERR_IN_STATUS, "MPI_ERR_IN_STATUS", "error code is in status"},
    {MPI_ERR_PENDING, "MPI_ERR_PENDING", "pending request"},
    {MPI_ERR_KEYVAL, "MPI_ERR_KEYVAL", "invalid attribute keyval"},
    {MPI_ERR_INFO, "MPI_ERR_INFO", "invalid info object"},
    {MPI_ERR_INFO_KEY, "MPI_ERR_INFO_KEY", "info key empty or longer than MPI_MAX_INFO_KEY"},
    {MPI_ERR_INFO_VALUE, "MPI_ERR_INFO_VALUE", "info value longer than MPI_MAX_INFO_VAL"},
    {MPI_ERR_INFO_NOKEY, "MPI_ERR_INFO_NOKEY", "info key not defined in the info object"},
    {MPI_ERR_NO_MEM, "MPI_ERR_NO_MEM", "out of memory for MPI_Alloc_mem"},
    {MPI_ERR_BASE, "MPI_ERR_BASE", "base pointer not allocated by MPI_Alloc_mem"},
    {MPI_ERR_SIZE, "MPI_ERR_SIZE", "invalid window size"},
    {MPI_ERR_DISP, "MPI_ERR_DISP", "invalid displacement or displacement unit"},
    {MPI_ERR_WIN, "MPI_ERR_WIN", "invalid window"},
    {MPI_ERR_LOCKTYPE, "MPI_ERR_LOCKTYPE", "invalid lock type"},
    {MPI_ERR_ASSERT, "MPI_ERR_ASSERT", "invalid assertion"},
    {MPI_ERR_RMA_CONFLICT, "MPI_ERR_RMA_CONFLICT", "conflicting accesses to a window"},
    {MPI_ERR_RMA_SYNC, "MPI_ERR_RMA_SYNC", "one-sided call outside its synchronisation"},
    {MPI_ERR_RMA_RANGE, "MPI_ERR_RMA_RANGE", "target memory outside the window"},
    {MPI_ERR_RMA_ATTACH, "MPI_ERR_RMA_ATTACH", "memory cannot be attached to the window"},
    {MPI_ERR_RMA_SHARED, "MPI_ERR_RMA_SHARED", "memory cannot be shared"},
    {MPI_ERR_RMA_FLAVOR, "MPI_ERR_RMA_FLAVOR", "wrong window flavor for this call"},
};
}  // namespace

const char* error_class_name(int error_class) {
  for (const ErrorText& e : kErrors) {
    if (e.error_class == error_class) return e.name;
  }
  return "MPI_ERR_UNKNOWN";
}

const char* error_class_description(int error_class) {
  for (const ErrorText& e : kErrors) {
    if (e.error_class == error_class) return e.description;
  }
  return "unknown error code";
}

}  // namespace xo::mpi
