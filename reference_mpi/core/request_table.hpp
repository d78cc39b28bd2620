#pragma once
// A rank's MPI_Request handles: small integers mapping to pooled Request objects.

#include <mpi.h>

#include <vector>

namespace xo::mpi {

struct Request;

class RequestTable {
 public:
  MPI_Request add(Request* request);
  // Throws MpiError(MPI_ERR_REQUEST) for an unknown handle; MPI_REQUEST_NULL gives nullptr.
  Request* get(MPI_Request handle) const;
  void remove(MPI_Request handle);

 private:
  std::vector<Request*> slots_;  // index = handle - 1
  std::vector<int> free_slots_;
};

}  // namespace xo::mpi
