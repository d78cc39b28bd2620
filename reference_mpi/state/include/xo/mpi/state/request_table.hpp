#pragma once
// A rank's MPI_Request handles: small integers mapping to pooled Request objects. A persistent
// request's handle lives from its MPI_Xxx_init to its MPI_Request_free and maps to the request
// its last MPI_Start posted while that is active, to none while it is inactive.

#include <mpi.h>

#include <memory>
#include <vector>

#include "xo/mpi/state/persistent_request.hpp"

namespace xo::mpi {

struct Request;

class RequestTable {
 public:
  MPI_Request add(Request* request);
  MPI_Request add_persistent(std::unique_ptr<PersistentRequest> persistent);
  // The active request behind a handle: nullptr for MPI_REQUEST_NULL and for an inactive persistent
  // request. Throws MpiError(MPI_ERR_REQUEST) for an unknown handle.
  Request* get(MPI_Request handle) const;
  // The persistent request behind a handle, or nullptr (MPI_REQUEST_NULL, a nonpersistent handle).
  // Throws MpiError(MPI_ERR_REQUEST) for an unknown handle.
  PersistentRequest* persistent(MPI_Request handle) const;
  // Makes a persistent handle active with the request MPI_Start posted.
  void activate(MPI_Request handle, Request* request);
  // The handle's request was completed and released: a nonpersistent handle is freed (returns true,
  // the caller sets it to MPI_REQUEST_NULL), a persistent one becomes inactive (returns false).
  bool retire(MPI_Request handle);
  // Frees the handle, persistent or not.
  void remove(MPI_Request handle);

 private:
  struct Slot {
    Request* request = nullptr;                     // the active request
    std::unique_ptr<PersistentRequest> persistent;  // persistent handles only
    bool in_use() const { return request != nullptr || persistent != nullptr; }
  };
  const Slot& slot(MPI_Request handle) const;
  MPI_Request take_slot(Slot slot);

  std::vector<Slot> slots_;  // index = handle - 1
  std::vector<int> free_slots_;
};

}  // namespace xo::mpi
