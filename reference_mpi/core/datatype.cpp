#include "datatype.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>

#include "mpi_error.hpp"

namespace xo::mpi {

namespace {

struct BasicInfo {
  std::int64_t size;
  std::int64_t alignment;
};

BasicInfo info(BasicType type) {
  switch (type) {
    case BasicType::Char: return {sizeof(char), alignof(char)};
    case BasicType::SignedChar: return {sizeof(signed char), alignof(signed char)};
    case BasicType::UnsignedChar: return {sizeof(unsigned char), alignof(unsigned char)};
    case BasicType::Short: return {sizeof(short), alignof(short)};
    case BasicType::UnsignedShort: return {sizeof(unsigned short), alignof(unsigned short)};
    case BasicType::Int: return {sizeof(int), alignof(int)};
    case BasicType::Unsigned: return {sizeof(unsigned), alignof(unsigned)};
    case BasicType::Long: return {sizeof(long), alignof(long)};
    case BasicType::UnsignedLong: return {sizeof(unsigned long), alignof(unsigned long)};
    case BasicType::LongLong: return {sizeof(long long), alignof(long long)};
    case BasicType::UnsignedLongLong: return {sizeof(unsigned long long), alignof(unsigned long long)};
    case BasicType::Float: return {sizeof(float), alignof(float)};
    case BasicType::Double: return {sizeof(double), alignof(double)};
    case BasicType::LongDouble: return {sizeof(long double), alignof(long double)};
    case BasicType::WChar: return {sizeof(wchar_t), alignof(wchar_t)};
    case BasicType::Bool: return {sizeof(bool), alignof(bool)};
    case BasicType::Int8: case BasicType::UInt8: return {1, 1};
    case BasicType::Int16: case BasicType::UInt16: return {2, 2};
    case BasicType::Int32: case BasicType::UInt32: return {4, 4};
    case BasicType::Int64: case BasicType::UInt64: return {8, 8};
    case BasicType::Byte: case BasicType::Packed: return {1, 1};
  }
  return {1, 1};
}

void check_non_negative(std::int64_t value, const char* what) {
  if (value < 0) throw MpiError(MPI_ERR_COUNT, std::string(what) + " " + std::to_string(value) + " is negative");
}

}  // namespace

std::int64_t basic_size(BasicType type) { return info(type).size; }
std::int64_t basic_alignment(BasicType type) { return info(type).alignment; }

const char* basic_type_name(BasicType type) {
  switch (type) {
    case BasicType::Char: return "MPI_CHAR";
    case BasicType::SignedChar: return "MPI_SIGNED_CHAR";
    case BasicType::UnsignedChar: return "MPI_UNSIGNED_CHAR";
    case BasicType::Short: return "MPI_SHORT";
    case BasicType::UnsignedShort: return "MPI_UNSIGNED_SHORT";
    case BasicType::Int: return "MPI_INT";
    case BasicType::Unsigned: return "MPI_UNSIGNED";
    case BasicType::Long: return "MPI_LONG";
    case BasicType::UnsignedLong: return "MPI_UNSIGNED_LONG";
    case BasicType::LongLong: return "MPI_LONG_LONG_INT";
    case BasicType::UnsignedLongLong: return "MPI_UNSIGNED_LONG_LONG";
    case BasicType::Float: return "MPI_FLOAT";
    case BasicType::Double: return "MPI_DOUBLE";
    case BasicType::LongDouble: return "MPI_LONG_DOUBLE";
    case BasicType::WChar: return "MPI_WCHAR";
    case BasicType::Bool: return "MPI_C_BOOL";
    case BasicType::Int8: return "MPI_INT8_T";
    case BasicType::Int16: return "MPI_INT16_T";
    case BasicType::Int32: return "MPI_INT32_T";
    case BasicType::Int64: return "MPI_INT64_T";
    case BasicType::UInt8: return "MPI_UINT8_T";
    case BasicType::UInt16: return "MPI_UINT16_T";
    case BasicType::UInt32: return "MPI_UINT32_T";
    case BasicType::UInt64: return "MPI_UINT64_T";
    case BasicType::Byte: return "MPI_BYTE";
    case BasicType::Packed: return "MPI_PACKED";
  }
  return "an unknown basic type";
}

Datatype Datatype::basic(BasicType type) {
  Datatype t;
  const BasicInfo i = info(type);
  t.blocks_.push_back({0, i.size, type});
  t.size_ = i.size;
  t.ub_ = i.size;
  t.true_ub_ = i.size;
  t.alignment_ = i.alignment;
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

Datatype Datatype::indexed(std::span<const int> blocklengths, std::span<const int> displacements,
                           const Datatype& old) {
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
