// Shared parts of the Fortran bindings: address constants, CHARACTER arguments and statuses.

#include "fortran_binding.hpp"

#include <algorithm>
#include <cstring>

namespace xo::fortran {

const void* buffer(const void* address) {
  switch (sentinel_at(address)) {
    case Sentinel::Bottom: return MPI_BOTTOM;
    case Sentinel::InPlace: return MPI_IN_PLACE;
    default: return address;
  }
}

void* buffer(void* address) { return const_cast<void*>(buffer(static_cast<const void*>(address))); }

std::string trimmed(const char* text, std::size_t length) {
  while (length > 0 && text[length - 1] == ' ') --length;
  return std::string(text, length);
}

void blank_padded(const char* text, char* out, std::size_t length) {
  const std::size_t copied = std::min(std::strlen(text), length);
  std::memcpy(out, text, copied);
  std::memset(out + copied, ' ', length - copied);
}

// The layout of api_handle_conversion.cpp's MPI_Status_c2f: source, tag, error, the byte count as
// two integers (low first), the cancelled flag. Written here rather than by calling it, which would
// show every receive of a Fortran program as two MPI calls in its trace.
static_assert(MPI_F_STATUS_SIZE == 6 && sizeof(MPI_Status::xo_bytes) == 2 * sizeof(Fint));

void status_to_fortran(const MPI_Status& status, Fint* out) {
  out[MPI_F_SOURCE] = status.MPI_SOURCE;
  out[MPI_F_TAG] = status.MPI_TAG;
  out[MPI_F_ERROR] = status.MPI_ERROR;
  std::memcpy(out + 3, &status.xo_bytes, sizeof status.xo_bytes);
  out[5] = status.xo_cancelled;
}

MPI_Status status_from_fortran(const Fint* status) {
  MPI_Status c{};
  c.MPI_SOURCE = status[MPI_F_SOURCE];
  c.MPI_TAG = status[MPI_F_TAG];
  c.MPI_ERROR = status[MPI_F_ERROR];
  std::memcpy(&c.xo_bytes, status + 3, sizeof c.xo_bytes);
  c.xo_cancelled = status[5];
  return c;
}

StatusesOut::StatusesOut(Fint* fortran, int count)
    : fortran_(sentinel_at(fortran) == Sentinel::StatusesIgnore ? nullptr : fortran),
      statuses_(fortran_ ? static_cast<std::size_t>(std::max(count, 0)) : 0) {}

void StatusesOut::store(int count) const {
  if (!fortran_) return;
  for (int i = 0; i < count; ++i) status_to_fortran(statuses_[i], fortran_ + i * MPI_F_STATUS_SIZE);
}

}  // namespace xo::fortran
