#include "xo/mpi/state/reduction_op.hpp"

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "reduction_kernels.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

constexpr const char* kNames[] = {"MPI_OP_NULL", "MPI_MAX",    "MPI_MIN",   "MPI_SUM", "MPI_PROD",
                                  "MPI_LAND",    "MPI_BAND",   "MPI_LOR",   "MPI_BOR", "MPI_LXOR",
                                  "MPI_BXOR",    "MPI_MAXLOC", "MPI_MINLOC"};

// The groups of basic types that decide which predefined operations apply (MPI-3.1 section 5.9.2).
// Like MPICH, and unlike the letter of the standard, MPI_CHAR, MPI_WCHAR and MPI_CHARACTER count as
// integers, and the Fortran and multi-language integers (MPI_INTEGER, MPI_AINT, ...) take the
// logical operations as the C integers do.
enum class TypeClass : std::uint8_t { Integer, Floating, Complex, Logical, Byte };

TypeClass type_class(BasicType type) {
  switch (type) {
    case BasicType::Float:
    case BasicType::Double:
    case BasicType::LongDouble:
    case BasicType::Real:
    case BasicType::DoublePrecision:
    case BasicType::Real4:
    case BasicType::Real8: return TypeClass::Floating;
    case BasicType::CFloatComplex:
    case BasicType::CDoubleComplex:
    case BasicType::CLongDoubleComplex:
    case BasicType::CxxFloatComplex:
    case BasicType::CxxDoubleComplex:
    case BasicType::CxxLongDoubleComplex:
    case BasicType::Complex:
    case BasicType::DoubleComplex:
    case BasicType::Complex8:
    case BasicType::Complex16: return TypeClass::Complex;
    case BasicType::Bool:
    case BasicType::CxxBool:
    case BasicType::Logical: return TypeClass::Logical;
    case BasicType::Byte:
    case BasicType::Packed: return TypeClass::Byte;
    default: return TypeClass::Integer;
  }
}

bool is_logical(MPI_Op op) { return op == MPI_LAND || op == MPI_LOR || op == MPI_LXOR; }
bool is_bitwise(MPI_Op op) { return op == MPI_BAND || op == MPI_BOR || op == MPI_BXOR; }
bool is_located(MPI_Op op) { return op == MPI_MAXLOC || op == MPI_MINLOC; }

bool defined_on(MPI_Op op, TypeClass c) {
  if (c == TypeClass::Integer) return true;
  if (is_logical(op)) return c == TypeClass::Logical;
  if (is_bitwise(op)) return c == TypeClass::Byte;
  if (op == MPI_SUM || op == MPI_PROD) return c == TypeClass::Floating || c == TypeClass::Complex;
  return c == TypeClass::Floating;  // MAX, MIN
}

// What the user should do instead, for an operation applied to a type class it does not take.
std::string advice(MPI_Op op, TypeClass c) {
  const std::string name = kNames[op];
  const std::string takes = is_logical(op)   ? name + " takes integer types, MPI_C_BOOL, MPI_CXX_BOOL and MPI_LOGICAL"
                            : is_bitwise(op) ? name + " takes integer types and MPI_BYTE"
                            : op == MPI_SUM || op == MPI_PROD
                                ? name + " takes integer, floating-point and complex types"
                                : name + " takes integer and floating-point types";
  if (c == TypeClass::Byte) {
    return takes +
           "; MPI_BYTE and MPI_PACKED are uninterpreted bytes, so describe the data by its real type "
           "(MPI_UNSIGNED_CHAR, MPI_UINT8_T, ...)";
  }
  if (c == TypeClass::Logical) return takes + "; use MPI_LAND, MPI_LOR or MPI_LXOR on MPI_C_BOOL, or reduce MPI_INT";
  if (c == TypeClass::Complex) {
    return takes +
           "; complex numbers are not ordered and have no logical or bitwise meaning: reduce the real "
           "and imaginary parts as MPI_FLOAT or MPI_DOUBLE, or define the operation with MPI_Op_create";
  }
  if (is_bitwise(op)) {
    return takes +
           "; floating-point values have no bitwise operations here: reduce their bits as an unsigned "
           "integer type of the same size, or define the operation with MPI_Op_create";
  }
  return takes + "; convert the values to MPI_INT or MPI_C_BOOL first, or define the operation with MPI_Op_create";
}

// The basic type of every element of the type map, or nullopt if it mixes types (or has none).
std::optional<BasicType> uniform_type(const Datatype& type) {
  const auto& blocks = type.blocks();
  if (blocks.empty()) return std::nullopt;
  for (const TypeBlock& b : blocks) {
    if (b.basic != blocks.front().basic) return std::nullopt;
  }
  return blocks.front().basic;
}

// The value types of the predefined pair types: the C ones pair a value with an int index, the
// Fortran ones (MPI_2INTEGER, MPI_2REAL, MPI_2DOUBLE_PRECISION) with an index of the value's type.
bool is_fortran_pair_value(BasicType value) {
  return value == BasicType::Integer || value == BasicType::Real || value == BasicType::DoublePrecision;
}

const char* pair_name(BasicType value) {
  switch (value) {
    case BasicType::Float: return "MPI_FLOAT_INT";
    case BasicType::Double: return "MPI_DOUBLE_INT";
    case BasicType::Long: return "MPI_LONG_INT";
    case BasicType::Int: return "MPI_2INT";
    case BasicType::Short: return "MPI_SHORT_INT";
    case BasicType::LongDouble: return "MPI_LONG_DOUBLE_INT";
    case BasicType::Integer: return "MPI_2INTEGER";
    case BasicType::Real: return "MPI_2REAL";
    case BasicType::DoublePrecision: return "MPI_2DOUBLE_PRECISION";
    default: return nullptr;
  }
}

std::int64_t pair_bytes(BasicType value) {
  const std::int64_t index = is_fortran_pair_value(value) ? basic_size(value) : static_cast<std::int64_t>(sizeof(int));
  return basic_size(value) + index;
}

// The value type if the packed map is a sequence of (value, index) pairs with one value type, as in
// MPI_DOUBLE_INT and types built from it; nullopt otherwise. A pair of one type merges into one
// run, so an all-int map with an even number of ints counts as MPI_2INT pairs, and the same holds
// for the Fortran pair types.
std::optional<BasicType> pair_value_type(const Datatype& type) {
  const auto& blocks = type.blocks();
  const auto index_bytes = static_cast<std::int64_t>(sizeof(int));
  if (const auto element = uniform_type(type)) {
    const bool same_type_pairs = *element == BasicType::Int || is_fortran_pair_value(*element);
    if (same_type_pairs && type.size() % (2 * basic_size(*element)) == 0) return *element;
    return std::nullopt;
  }
  const BasicType value = blocks.front().basic;
  if (blocks.size() % 2 != 0 || pair_name(value) == nullptr || is_fortran_pair_value(value)) return std::nullopt;
  for (std::size_t i = 0; i < blocks.size(); i += 2) {
    const TypeBlock& v = blocks[i];
    const TypeBlock& index = blocks[i + 1];
    if (v.basic != value || v.bytes != basic_size(value) || index.basic != BasicType::Int ||
        index.bytes != index_bytes) {
      return std::nullopt;
    }
  }
  return value;
}

// The datatype as a message names it: "MPI_DOUBLE", "a derived datatype of MPI_INT elements", ...
std::string describe(const Datatype& type) {
  if (const auto element = uniform_type(type)) {
    if (type.is_contiguous() && type.size() == basic_size(*element)) return basic_type_name(*element);
    return std::string("a derived datatype of ") + basic_type_name(*element) + " elements";
  }
  if (const auto value = pair_value_type(type)) {
    if (type.size() == pair_bytes(*value)) return pair_name(*value);
    return std::string("a derived datatype of ") + pair_name(*value) + " pairs";
  }
  std::vector<BasicType> kinds;
  for (const TypeBlock& b : type.blocks()) {
    if (std::find(kinds.begin(), kinds.end(), b.basic) == kinds.end()) kinds.push_back(b.basic);
  }
  std::string text = "a datatype mixing ";
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (i > 0) text += i + 1 == kinds.size() ? " and " : ", ";
    text += basic_type_name(kinds[i]);
  }
  return text;
}

// What a predefined operation combines in packed data: elements of one basic type, or (value, int)
// pairs. Throws the MPI_ERR_OP that check() documents.
struct Layout {
  BasicType element;
  bool pairs;
};

Layout layout_for(MPI_Op op, const Datatype& type) {
  const std::string refused = std::string(kNames[op]) + " is not defined for " + describe(type) + ": ";
  if (is_located(op)) {
    if (const auto value = pair_value_type(type)) return {*value, true};
    throw MpiError(MPI_ERR_OP, refused + kNames[op] +
                                   " takes (value, index) pairs; use MPI_2INT, MPI_FLOAT_INT, "
                                   "MPI_DOUBLE_INT, MPI_LONG_INT, MPI_SHORT_INT or MPI_LONG_DOUBLE_INT, with "
                                   "the int index right after each value (or MPI_2INTEGER, MPI_2REAL, "
                                   "MPI_2DOUBLE_PRECISION for Fortran data)");
  }
  const auto element = uniform_type(type);
  if (!element) {
    throw MpiError(MPI_ERR_OP, refused +
                                   "predefined operations need all basic elements of one type (MPICH and "
                                   "Open MPI refuse mixed types too); reduce each field with its own call, or "
                                   "define the operation with MPI_Op_create");
  }
  const TypeClass c = type_class(*element);
  if (!defined_on(op, c)) throw MpiError(MPI_ERR_OP, refused + advice(op, c));
  return {*element, false};
}

template <bool kMax>
void apply_located(BasicType value, const std::byte* in, std::byte* inout, std::int64_t pairs) {
  switch (value) {
    case BasicType::Float: return kernels::located<float, int, kMax>(in, inout, pairs);
    case BasicType::Double: return kernels::located<double, int, kMax>(in, inout, pairs);
    case BasicType::Long: return kernels::located<long, int, kMax>(in, inout, pairs);
    case BasicType::Int: return kernels::located<int, int, kMax>(in, inout, pairs);
    case BasicType::Short: return kernels::located<short, int, kMax>(in, inout, pairs);
    case BasicType::LongDouble: return kernels::located<long double, int, kMax>(in, inout, pairs);
    case BasicType::Integer: return kernels::located<std::int32_t, std::int32_t, kMax>(in, inout, pairs);
    case BasicType::Real: return kernels::located<float, float, kMax>(in, inout, pairs);
    case BasicType::DoublePrecision: return kernels::located<double, double, kMax>(in, inout, pairs);
    default: assert(false && "pair_value_type() admits only the nine pair value types");
  }
}

// Scratch memory holding `count` instances of a type at their type-map offsets, as a user's own
// buffer would: base() is displacement 0 of the first instance. Data may lie below displacement 0
// (negative lb) or far above it, so the allocation spans only the bytes touched, starting at a
// max_align_t boundary relative to base() so that doubles in it are aligned.
class TypedScratch {
 public:
  TypedScratch(const Datatype& type, std::int64_t count) {
    std::int64_t first = INT64_MAX;
    std::int64_t end = INT64_MIN;
    for (const TypeBlock& b : type.blocks()) {
      first = std::min(first, b.offset);
      end = std::max(end, b.offset + b.bytes);
    }
    const std::int64_t last_instance = (count - 1) * type.extent();
    constexpr auto kAlign = static_cast<std::int64_t>(alignof(std::max_align_t));
    std::int64_t low = std::min<std::int64_t>(0, last_instance) + first;
    low -= ((low % kAlign) + kAlign) % kAlign;  // round down, also for negative offsets
    const std::int64_t high = std::max<std::int64_t>(0, last_instance) + end;
    storage_.resize(static_cast<std::size_t>((high - low + kAlign - 1) / kAlign));
    // Integer arithmetic: base() may lie outside the allocation, like MPI_BOTTOM-based buffers.
    base_ = reinterpret_cast<std::byte*>(reinterpret_cast<std::uintptr_t>(storage_.data()) - low);
  }
  std::byte* base() const { return base_; }

 private:
  std::vector<std::max_align_t> storage_;
  std::byte* base_ = nullptr;
};

}  // namespace

const ReductionOp* ReductionOp::predefined(MPI_Op handle) {
  // Every predefined operation is commutative (MPI-1.1 section 4.9.2).
  static const ReductionOp ops[] = {
      {MPI_MAX, nullptr, true},  {MPI_MIN, nullptr, true},  {MPI_SUM, nullptr, true},    {MPI_PROD, nullptr, true},
      {MPI_LAND, nullptr, true}, {MPI_BAND, nullptr, true}, {MPI_LOR, nullptr, true},    {MPI_BOR, nullptr, true},
      {MPI_LXOR, nullptr, true}, {MPI_BXOR, nullptr, true}, {MPI_MAXLOC, nullptr, true}, {MPI_MINLOC, nullptr, true}};
  if (handle < MPI_MAX || handle > MPI_MINLOC) return nullptr;
  return &ops[handle - MPI_MAX];
}

ReductionOp ReductionOp::user(MPI_User_function* function, bool commutative) {
  assert(function != nullptr && "MPI_Op_create refuses a null function");
  return ReductionOp(MPI_OP_NULL, function, commutative);
}

std::string ReductionOp::name() const {
  if (function_ == nullptr) return kNames[handle_];
  if (handle_ == MPI_OP_NULL) return "user operation";
  return "user operation " + std::to_string(handle_);
}

void ReductionOp::check(const Datatype& type) const {
  if (function_ == nullptr && type.size() > 0) layout_for(handle_, type);
}

void ReductionOp::apply(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                        MPI_Datatype handle) const {
  if (function_ != nullptr) return apply_user(in, inout, count, type, handle);
  if (count <= 0 || type.size() == 0) return;
  const Layout layout = layout_for(handle_, type);
  const std::int64_t bytes = count * type.size();
  if (layout.pairs) {
    const std::int64_t pairs = bytes / pair_bytes(layout.element);
    if (handle_ == MPI_MAXLOC) return apply_located<true>(layout.element, in, inout, pairs);
    return apply_located<false>(layout.element, in, inout, pairs);
  }
  with_c_type(layout.element, [&](auto zero) {
    using T = decltype(zero);
    kernels::elementwise<T>(handle_, in, inout, bytes / static_cast<std::int64_t>(sizeof(T)));
  });
}

// User functions take an int count, so larger counts go in chunks. A contiguous type's packed
// form is its memory layout and goes to the function as it is; other types are unpacked into
// scratch buffers first, since the function indexes its arguments as arrays of the type.
void ReductionOp::apply_user(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                             MPI_Datatype handle) const {
  if (count <= 0) return;
  auto call = [&](std::byte* in_base, std::byte* inout_base, std::int64_t stride) {
    for (std::int64_t done = 0; done < count;) {
      const int chunk = static_cast<int>(std::min<std::int64_t>(count - done, INT_MAX));
      int len = chunk;  // the function may write to its arguments; keep our own copies
      MPI_Datatype datatype = handle;
      function_(in_base + done * stride, inout_base + done * stride, &len, &datatype);
      done += chunk;
    }
  };
  if (type.is_contiguous()) {
    // MPI_User_function takes a non-const invec, as every MPI passes it; it must not write to it.
    call(const_cast<std::byte*>(in), inout, type.size());
    return;
  }
  const std::int64_t bytes = count * type.size();
  TypedScratch left(type, count);
  TypedScratch right(type, count);
  unpack(in, bytes, type, left.base());
  unpack(inout, bytes, type, right.base());
  call(left.base(), right.base(), type.extent());
  pack(right.base(), count, type, inout);
}

}  // namespace xo::mpi
