#include "reduction_op.hpp"

#include <array>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "datatype_pack.hpp"
#include "mpi_error.hpp"

namespace xo::mpi {

namespace {

constexpr std::array<const char*, 13> kNames{"MPI_OP_NULL", "MPI_MAX",  "MPI_MIN", "MPI_SUM",  "MPI_PROD",
                                             "MPI_LAND",    "MPI_BAND", "MPI_LOR", "MPI_BOR",  "MPI_LXOR",
                                             "MPI_BXOR",    "MPI_MAXLOC", "MPI_MINLOC"};

enum class TypeClass { Integer, Floating, Logical, Byte, None };

TypeClass class_of(BasicType t) {
  switch (t) {
    case BasicType::Float: case BasicType::Double: case BasicType::LongDouble: return TypeClass::Floating;
    case BasicType::Bool: return TypeClass::Logical;
    case BasicType::Byte: return TypeClass::Byte;
    case BasicType::Packed: return TypeClass::None;
    default: return TypeClass::Integer;
  }
}

bool defined_on(MPI_Op op, TypeClass c) {
  switch (op) {
    case MPI_MAX: case MPI_MIN: return c == TypeClass::Integer || c == TypeClass::Floating;
    case MPI_SUM: case MPI_PROD: return c == TypeClass::Integer || c == TypeClass::Floating;
    case MPI_LAND: case MPI_LOR: case MPI_LXOR: return c == TypeClass::Integer || c == TypeClass::Logical;
    case MPI_BAND: case MPI_BOR: case MPI_BXOR: return c == TypeClass::Integer || c == TypeClass::Byte;
    default: return false;
  }
}

// Integer arithmetic in an unsigned type at least as wide as int, so it wraps and never overflows.
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, bool>, unsigned, std::make_unsigned_t<decltype(T{} + T{})>>;

template <class T>
T combine(MPI_Op op, T a, T b) {  // a op b
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case MPI_MAX: return a > b ? a : b;
      case MPI_MIN: return a < b ? a : b;
      case MPI_SUM: return a + b;
      case MPI_PROD: return a * b;
      default: return b;
    }
  } else {
    switch (op) {
      case MPI_MAX: return a > b ? a : b;
      case MPI_MIN: return a < b ? a : b;
      // Wrap around like the hardware instead of signed overflow (undefined in C++).
      case MPI_SUM: return static_cast<T>(static_cast<Wide<T>>(a) + static_cast<Wide<T>>(b));
      case MPI_PROD: return static_cast<T>(static_cast<Wide<T>>(a) * static_cast<Wide<T>>(b));
      case MPI_LAND: return static_cast<T>((a != 0) && (b != 0));
      case MPI_LOR: return static_cast<T>((a != 0) || (b != 0));
      case MPI_LXOR: return static_cast<T>((a != 0) != (b != 0));
      case MPI_BAND: return static_cast<T>(a & b);
      case MPI_BOR: return static_cast<T>(a | b);
      case MPI_BXOR: return static_cast<T>(a ^ b);
      default: return b;
    }
  }
}

// Combines `n` packed elements of T (unaligned: memcpy in and out).
template <class T>
void combine_run(MPI_Op op, const std::byte* in, std::byte* inout, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) {
    T a;
    T b;
    std::memcpy(&a, in + i * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
    std::memcpy(&b, inout + i * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
    b = combine(op, a, b);
    std::memcpy(inout + i * static_cast<std::int64_t>(sizeof(T)), &b, sizeof(T));
  }
}

void combine_block(MPI_Op op, BasicType t, const std::byte* in, std::byte* inout, std::int64_t n) {
  switch (t) {
    case BasicType::Char: case BasicType::SignedChar: case BasicType::Int8: return combine_run<std::int8_t>(op, in, inout, n);
    case BasicType::UnsignedChar: case BasicType::UInt8: case BasicType::Byte: return combine_run<std::uint8_t>(op, in, inout, n);
    case BasicType::Bool: return combine_run<bool>(op, in, inout, n);
    case BasicType::Short: case BasicType::Int16: return combine_run<std::int16_t>(op, in, inout, n);
    case BasicType::UnsignedShort: case BasicType::UInt16: return combine_run<std::uint16_t>(op, in, inout, n);
    case BasicType::Int: case BasicType::Int32: return combine_run<std::int32_t>(op, in, inout, n);
    case BasicType::Unsigned: case BasicType::UInt32: return combine_run<std::uint32_t>(op, in, inout, n);
    case BasicType::Long: return combine_run<long>(op, in, inout, n);
    case BasicType::UnsignedLong: return combine_run<unsigned long>(op, in, inout, n);
    case BasicType::LongLong: case BasicType::Int64: return combine_run<long long>(op, in, inout, n);
    case BasicType::UnsignedLongLong: case BasicType::UInt64: return combine_run<unsigned long long>(op, in, inout, n);
    case BasicType::WChar: return combine_run<wchar_t>(op, in, inout, n);
    case BasicType::Float: return combine_run<float>(op, in, inout, n);
    case BasicType::Double: return combine_run<double>(op, in, inout, n);
    case BasicType::LongDouble: return combine_run<long double>(op, in, inout, n);
    case BasicType::Packed: return;
  }
}

// MAXLOC / MINLOC on packed (value, int index) pairs; ties keep the lower index.
template <class V>
void combine_pairs(MPI_Op op, const std::byte* in, std::byte* inout, std::int64_t pairs) {
  constexpr std::int64_t stride = sizeof(V) + sizeof(int);
  for (std::int64_t i = 0; i < pairs; ++i) {
    V a;
    V b;
    int ia = 0;
    int ib = 0;
    std::memcpy(&a, in + i * stride, sizeof(V));
    std::memcpy(&ia, in + i * stride + sizeof(V), sizeof(int));
    std::memcpy(&b, inout + i * stride, sizeof(V));
    std::memcpy(&ib, inout + i * stride + sizeof(V), sizeof(int));
    const bool take_a = op == MPI_MAXLOC ? (a > b || (a == b && ia < ib)) : (a < b || (a == b && ia < ib));
    if (take_a) {
      std::memcpy(inout + i * stride, &a, sizeof(V));
      std::memcpy(inout + i * stride + sizeof(V), &ia, sizeof(int));
    } else if (a == b) {
      const int lower = std::min(ia, ib);
      std::memcpy(inout + i * stride + sizeof(V), &lower, sizeof(int));
    }
  }
}

// The value type of a pair type's type map (value blocks and int index blocks only), or Packed.
BasicType pair_value_type(const Datatype& type) {
  if (type.blocks().empty()) return BasicType::Packed;
  const BasicType value = type.blocks().front().basic;
  for (const TypeBlock& b : type.blocks()) {
    if (b.basic != value && b.basic != BasicType::Int) return BasicType::Packed;
  }
  const std::int64_t pair = basic_size(value) + static_cast<std::int64_t>(sizeof(int));
  return type.size() % pair == 0 ? value : BasicType::Packed;
}

}  // namespace

const ReductionOp* ReductionOp::predefined(MPI_Op handle) {
  if (handle < MPI_MAX || handle > MPI_MINLOC) return nullptr;
  auto make = [](MPI_Op h) { return ReductionOp(h, nullptr, true); };  // every predefined op commutes
  static const std::array<ReductionOp, 12> ops{make(MPI_MAX),  make(MPI_MIN),  make(MPI_SUM),    make(MPI_PROD),
                                               make(MPI_LAND), make(MPI_BAND), make(MPI_LOR),    make(MPI_BOR),
                                               make(MPI_LXOR), make(MPI_BXOR), make(MPI_MAXLOC), make(MPI_MINLOC)};
  return &ops[static_cast<std::size_t>(handle - MPI_MAX)];
}

ReductionOp ReductionOp::user(MPI_User_function* function, bool commutative) {
  return ReductionOp(0, function, commutative);
}

std::string ReductionOp::name() const {
  return function_ != nullptr ? std::string("a user operation") : std::string(kNames[static_cast<std::size_t>(handle_)]);
}

void ReductionOp::check(const Datatype& type) const {
  if (function_ != nullptr || type.size() == 0) return;
  if (handle_ == MPI_MAXLOC || handle_ == MPI_MINLOC) {
    const BasicType v = pair_value_type(type);
    if (v != BasicType::Packed && (class_of(v) == TypeClass::Integer || class_of(v) == TypeClass::Floating)) return;
    throw MpiError(MPI_ERR_OP, name() + " needs (value, index) pairs: use MPI_2INT, MPI_FLOAT_INT, MPI_DOUBLE_INT, "
                               "MPI_LONG_INT, MPI_SHORT_INT or MPI_LONG_DOUBLE_INT");
  }
  for (const TypeBlock& b : type.blocks()) {
    if (!defined_on(handle_, class_of(b.basic))) {
      throw MpiError(MPI_ERR_OP, name() + " is not defined on this datatype's elements (MPI-1 section 4.9.2: "
                                          "MAX/MIN/SUM/PROD take integers and floating types, LAND/LOR/LXOR "
                                          "integers and C_BOOL, BAND/BOR/BXOR integers and MPI_BYTE); use a "
                                          "fitting type or MPI_Op_create");
    }
  }
}

void ReductionOp::apply(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                        MPI_Datatype handle) const {
  if (function_ != nullptr) return apply_user(in, inout, count, type, handle);
  if (handle_ == MPI_MAXLOC || handle_ == MPI_MINLOC) {
    const std::int64_t pairs = count * type.size() / (basic_size(pair_value_type(type)) + 4);
    switch (pair_value_type(type)) {
      case BasicType::Float: return combine_pairs<float>(handle_, in, inout, pairs);
      case BasicType::Double: return combine_pairs<double>(handle_, in, inout, pairs);
      case BasicType::LongDouble: return combine_pairs<long double>(handle_, in, inout, pairs);
      case BasicType::Long: return combine_pairs<long>(handle_, in, inout, pairs);
      case BasicType::Short: return combine_pairs<short>(handle_, in, inout, pairs);
      default: return combine_pairs<int>(handle_, in, inout, pairs);
    }
  }
  std::int64_t at = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    for (const TypeBlock& b : type.blocks()) {
      combine_block(handle_, b.basic, in + at, inout + at, b.bytes / basic_size(b.basic));
      at += b.bytes;
    }
  }
}

void ReductionOp::apply_user(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                             MPI_Datatype handle) const {
  int len = static_cast<int>(count);
  if (type.is_contiguous()) {
    function_(const_cast<std::byte*>(in), inout, &len, &handle);
    return;
  }
  // The user function sees the datatype's own layout: unpack both operands, call, pack back.
  const std::int64_t span = count * type.extent();
  const std::size_t words = static_cast<std::size_t>(span / static_cast<std::int64_t>(sizeof(std::max_align_t))) + 1;
  std::vector<std::max_align_t> a(words);
  std::vector<std::max_align_t> b(words);
  char* base_a = reinterpret_cast<char*>(a.data()) - type.lb();
  char* base_b = reinterpret_cast<char*>(b.data()) - type.lb();
  const std::int64_t bytes = count * type.size();
  unpack(in, bytes, type, base_a);
  unpack(inout, bytes, type, base_b);
  function_(base_a, base_b, &len, &handle);
  pack(base_b, count, type, inout);
}

}  // namespace xo::mpi
