#include "collective_buffers.hpp"

#include <string>

#include "buffer_check.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

std::vector<std::byte> pack_block(const void* buffer, std::int64_t count, const Datatype& type, const char* what) {
  require_buffer(buffer, count, type, what);
  std::vector<std::byte> out(static_cast<std::size_t>(count * type.size()));
  if (!out.empty()) pack(buffer, count, type, out.data());
  return out;
}

const void* element_at(const void* buffer, std::int64_t index, const Datatype& type) {
  return static_cast<const char*>(buffer) + index * type.extent();
}

void* element_at(void* buffer, std::int64_t index, const Datatype& type) {
  return static_cast<char*>(buffer) + index * type.extent();
}

std::int64_t lay_out_blocks(std::span<const int> counts, const Datatype& type, std::vector<std::int64_t>& offsets,
                            std::vector<std::int64_t>& bytes) {
  offsets.resize(counts.size());
  bytes.resize(counts.size());
  std::int64_t total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    offsets[i] = total;
    bytes[i] = static_cast<std::int64_t>(counts[i]) * type.size();
    total += bytes[i];
  }
  return total;
}

void unpack_all(const std::vector<std::byte>& packed, const Datatype& type, void* buffer, const char* what) {
  if (type.size() > 0) require_buffer(buffer, static_cast<std::int64_t>(packed.size()) / type.size(), type, what);
  if (!packed.empty()) unpack(packed.data(), static_cast<std::int64_t>(packed.size()), type, buffer);
}

void unpack_blocks(const std::vector<std::byte>& packed, const std::vector<std::int64_t>& offsets,
                   const std::vector<std::int64_t>& bytes, std::span<const int> displs, const Datatype& type,
                   void* buffer, const char* what) {
  for (std::size_t i = 0; i < offsets.size() && type.size() > 0; ++i) {
    if (bytes[i] > 0) {
      require_buffer(buffer, bytes[i] / type.size(), type, what);
      break;
    }
  }
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    if (bytes[i] > 0) unpack(packed.data() + offsets[i], bytes[i], type, element_at(buffer, displs[i], type));
  }
}

void check_root(int root, int size) {
  if (root < 0 || root >= size) {
    throw MpiError(MPI_ERR_ROOT, "root " + std::to_string(root) + " does not exist: the communicator has " +
                                     std::to_string(size) + " ranks (0 to " + std::to_string(size - 1) + ")");
  }
}

void check_counts(std::span<const int> counts, const char* what) {
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] < 0) {
      throw MpiError(MPI_ERR_COUNT, std::string(what) + "[" + std::to_string(i) + "] is " + std::to_string(counts[i]) +
                                        "; counts must not be negative");
    }
  }
}

}  // namespace xo::mpi
