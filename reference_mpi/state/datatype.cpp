#include "xo/mpi/state/datatype.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

// A type is kept as the list of its contiguous blocks (24 bytes each): past this many, building
// it would take gigabytes (MPICH's large_count test makes a vector of 2^30 blocks).
constexpr std::size_t kMaxBlocks = std::size_t{1} << 26;

void check_non_negative(std::int64_t value, const char* what) {
  if (value < 0) throw MpiError(MPI_ERR_COUNT, std::string(what) + " " + std::to_string(value) + " is negative");
}

}  // namespace

Datatype Datatype::basic(BasicType type) {
  Datatype t;
  const std::int64_t size = basic_size(type);
  t.blocks_.push_back({0, size, type});
  t.size_ = size;
  t.ub_ = size;
  t.true_ub_ = size;
  t.alignment_ = basic_alignment(type);
  t.empty_ = false;
  t.committed_ = true;
  return t;
}

Datatype Datatype::lower_bound_marker() {
  Datatype t;
  t.explicit_lb_ = true;
  t.empty_ = false;
  t.committed_ = true;
  return t;
}

Datatype Datatype::upper_bound_marker() {
  Datatype t;
  t.explicit_ub_ = true;
  t.empty_ = false;
  t.committed_ = true;
  return t;
}

void Datatype::append_block(TypeBlock block) {
  if (!blocks_.empty()) {
    TypeBlock& last = blocks_.back();
    if (last.basic == block.basic && last.offset + last.bytes == block.offset) {
      last.bytes += block.bytes;
      return;
    }
  }
  if (blocks_.size() >= kMaxBlocks) [[unlikely]] {
    throw MpiError(MPI_ERR_NO_MEM, "the datatype would have more than " + std::to_string(kMaxBlocks) +
                                       " separate contiguous blocks, more than the reference MPI keeps (it stores "
                                       "a type as the list of its blocks); build it from fewer, larger blocks");
  }
  blocks_.push_back(block);
}

void Datatype::append(const Datatype& part, std::int64_t at, std::int64_t count) {
  if (count <= 0) return;
  const std::int64_t step = part.extent();
  for (std::int64_t i = 0; i < count; ++i) {
    for (const TypeBlock& b : part.blocks_) append_block({at + i * step + b.offset, b.bytes, b.basic});
  }
  alignment_ = std::max(alignment_, part.alignment_);
  // Bounds of the copies at at, at + step, ..., at + (count - 1) * step. Explicit (marker) bounds
  // win over computed ones, as MPI-1 prescribes.
  const std::int64_t first = at;
  const std::int64_t last = at + (count - 1) * step;
  if (!part.blocks_.empty()) {
    const std::int64_t true_lo = std::min(first, last) + part.true_lb_;
    const std::int64_t true_hi = std::max(first, last) + part.true_ub_;
    const bool had_data = size_ > 0;
    true_lb_ = had_data ? std::min(true_lb_, true_lo) : true_lo;
    true_ub_ = had_data ? std::max(true_ub_, true_hi) : true_hi;
  }
  size_ += part.size_ * count;
  const std::int64_t lo = std::min(first, last) + part.lb_;
  const std::int64_t hi = std::max(first, last) + part.ub_;
  if (part.explicit_lb_ && !explicit_lb_) {
    lb_ = lo;
    explicit_lb_ = true;
  } else if (part.explicit_lb_ == explicit_lb_) {
    lb_ = empty_ ? lo : std::min(lb_, lo);
  }
  if (part.explicit_ub_ && !explicit_ub_) {
    ub_ = hi;
    explicit_ub_ = true;
  } else if (part.explicit_ub_ == explicit_ub_) {
    ub_ = empty_ ? hi : std::max(ub_, hi);
  }
  empty_ = false;
}

Datatype Datatype::hvector(std::int64_t count, std::int64_t blocklength, std::int64_t stride_bytes,
                           const Datatype& old) {
  check_non_negative(count, "count");
  check_non_negative(blocklength, "block length");
  Datatype t;
  for (std::int64_t i = 0; i < count; ++i) t.append(old, i * stride_bytes, blocklength);
  return t;
}

Datatype Datatype::contiguous(std::int64_t count, const Datatype& old) {
  check_non_negative(count, "count");
  Datatype t;
  t.append(old, 0, count);
  return t;
}

Datatype Datatype::vector(std::int64_t count, std::int64_t blocklength, std::int64_t stride, const Datatype& old) {
  return hvector(count, blocklength, stride * old.extent(), old);
}

Datatype Datatype::indexed(std::span<const int> blocklengths, std::span<const int> displacements, const Datatype& old) {
  Datatype t;
  for (std::size_t i = 0; i < blocklengths.size(); ++i) {
    check_non_negative(blocklengths[i], "block length");
    t.append(old, static_cast<std::int64_t>(displacements[i]) * old.extent(), blocklengths[i]);
  }
  return t;
}

Datatype Datatype::hindexed(std::span<const int> blocklengths, std::span<const std::int64_t> byte_displacements,
                            const Datatype& old) {
  Datatype t;
  for (std::size_t i = 0; i < blocklengths.size(); ++i) {
    check_non_negative(blocklengths[i], "block length");
    t.append(old, byte_displacements[i], blocklengths[i]);
  }
  return t;
}

Datatype Datatype::resized(const Datatype& old, std::int64_t lb, std::int64_t extent) {
  Datatype t = old;
  t.lb_ = lb;
  t.ub_ = lb + extent;
  t.explicit_lb_ = true;
  t.explicit_ub_ = true;
  t.empty_ = false;
  t.committed_ = false;
  t.envelope_.reset();
  return t;
}

Datatype Datatype::structure(std::span<const int> blocklengths, std::span<const std::int64_t> displacements,
                             std::span<const Datatype* const> types) {
  Datatype t;
  for (std::size_t i = 0; i < blocklengths.size(); ++i) {
    check_non_negative(blocklengths[i], "block length");
    t.append(*types[i], displacements[i], blocklengths[i]);
  }
  // MPI-1: without an explicit upper bound, the extent is padded to the strictest alignment of
  // the basic types inside, as a C compiler pads a struct.
  if (!t.explicit_ub_ && t.alignment_ > 1) {
    const std::int64_t extent = t.extent();
    const std::int64_t padded = (extent + t.alignment_ - 1) / t.alignment_ * t.alignment_;
    t.ub_ += padded - extent;
  }
  return t;
}

std::int64_t Datatype::elements_per_instance() const {
  std::int64_t n = 0;
  for (const TypeBlock& b : blocks_) n += b.bytes / basic_size(b.basic);
  return n;
}

std::int64_t Datatype::elements_in(std::int64_t bytes) const {
  if (size_ == 0) return 0;
  std::int64_t elements = bytes / size_ * elements_per_instance();
  std::int64_t rest = bytes % size_;
  for (const TypeBlock& b : blocks_) {
    if (rest <= 0) break;
    const std::int64_t taken = std::min(rest, b.bytes);
    elements += taken / basic_size(b.basic);
    rest -= taken;
  }
  return elements;
}

bool Datatype::ends_on_element(std::int64_t bytes) const {
  if (size_ == 0) return bytes == 0;
  std::int64_t rest = bytes % size_;
  for (const TypeBlock& b : blocks_) {
    if (rest <= 0) break;
    const std::int64_t taken = std::min(rest, b.bytes);
    if (taken % basic_size(b.basic) != 0) return false;
    rest -= taken;
  }
  return true;
}

}  // namespace xo::mpi
