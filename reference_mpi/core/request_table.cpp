#include "request_table.hpp"

#include <string>

#include "mpi_error.hpp"

namespace xo::mpi {

MPI_Request RequestTable::add(Request* request) {
  if (!free_slots_.empty()) {
    const int slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[static_cast<std::size_t>(slot)] = request;
    return slot + 1;
  }
  slots_.push_back(request);
  return static_cast<MPI_Request>(slots_.size());
}

Request* RequestTable::get(MPI_Request handle) const {
  if (handle == MPI_REQUEST_NULL) return nullptr;
  const auto slot = static_cast<std::size_t>(handle - 1);
  if (handle < 0 || slot >= slots_.size() || slots_[slot] == nullptr) {
    throw MpiError(MPI_ERR_REQUEST, "request handle " + std::to_string(handle) +
                                        " is not an active request (already completed and freed, or never created)");
  }
  return slots_[slot];
}

void RequestTable::remove(MPI_Request handle) {
  const auto slot = static_cast<std::size_t>(handle - 1);
  slots_[slot] = nullptr;
  free_slots_.push_back(static_cast<int>(slot));
}

}  // namespace xo::mpi
