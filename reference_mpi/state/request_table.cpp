#include "xo/mpi/state/request_table.hpp"

#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

MPI_Request RequestTable::take_slot(Slot slot) {
  if (!free_slots_.empty()) {
    const int index = free_slots_.back();
    free_slots_.pop_back();
    slots_[static_cast<std::size_t>(index)] = std::move(slot);
    return index + 1;
  }
  slots_.push_back(std::move(slot));
  return static_cast<MPI_Request>(slots_.size());
}

MPI_Request RequestTable::add(Request* request) { return take_slot(Slot{request, nullptr}); }

MPI_Request RequestTable::add_persistent(std::unique_ptr<PersistentRequest> persistent) {
  return take_slot(Slot{nullptr, std::move(persistent)});
}

const RequestTable::Slot& RequestTable::slot(MPI_Request handle) const {
  const auto index = static_cast<std::size_t>(handle - 1);
  if (handle < 0 || index >= slots_.size() || !slots_[index].in_use()) {
    throw MpiError(MPI_ERR_REQUEST, "request handle " + std::to_string(handle) +
                                        " is not an active request (already completed and freed, or never created)");
  }
  return slots_[index];
}

Request* RequestTable::get(MPI_Request handle) const {
  if (handle == MPI_REQUEST_NULL) return nullptr;
  return slot(handle).request;
}

PersistentRequest* RequestTable::persistent(MPI_Request handle) const {
  if (handle == MPI_REQUEST_NULL) return nullptr;
  return slot(handle).persistent.get();
}

void RequestTable::activate(MPI_Request handle, Request* request) {
  slots_[static_cast<std::size_t>(handle - 1)].request = request;
}

bool RequestTable::retire(MPI_Request handle) {
  Slot& s = slots_[static_cast<std::size_t>(handle - 1)];
  if (s.persistent) {
    s.request = nullptr;
    return false;
  }
  remove(handle);
  return true;
}

void RequestTable::remove(MPI_Request handle) {
  const auto index = static_cast<std::size_t>(handle - 1);
  slots_[index] = Slot{};
  free_slots_.push_back(static_cast<int>(index));
}

}  // namespace xo::mpi
