#include "xo/mpi/state/matched_messages.hpp"

#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

MPI_Message MatchedMessages::add(MatchedMessage matched) {
  if (!free_slots_.empty()) {
    const int slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[static_cast<std::size_t>(slot)] = matched;
    return slot + 1;
  }
  slots_.push_back(matched);
  return static_cast<MPI_Message>(slots_.size());
}

MatchedMessage MatchedMessages::take(MPI_Message handle) {
  const auto slot = static_cast<std::size_t>(handle - 1);
  if (handle < 1 || slot >= slots_.size() || slots_[slot].message == nullptr) {
    throw MpiError(MPI_ERR_REQUEST, "message handle " + std::to_string(handle) +
                                        " is not a matched message (already received, or never returned by "
                                        "MPI_Mprobe or MPI_Improbe)");
  }
  const MatchedMessage matched = slots_[slot];
  slots_[slot] = MatchedMessage{};
  free_slots_.push_back(static_cast<int>(slot));
  return matched;
}

}  // namespace xo::mpi
