#pragma once
// The predefined reduction operations as loops over packed elements of one C type: one template
// per operation, instantiated per type, so there is no per-element dispatch. Packed data has no
// alignment guarantee (in a packed MPI_DOUBLE_INT array the second double sits at byte 12), so
// elements move through memcpy, which compilers turn into plain unaligned loads and stores.

#include <mpi.h>

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "datatype.hpp"

namespace xo::mpi::kernels {

template <class T>
T load(const std::byte* p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

template <class T>
void store(std::byte* p, T value) {
  std::memcpy(p, &value, sizeof value);
}

// inout[i] = f(in[i], inout[i]) over n elements of T.
template <class T, class F>
void combine(const std::byte* in, std::byte* inout, std::int64_t n, F f) {
  for (std::int64_t i = 0; i < n; ++i, in += sizeof(T), inout += sizeof(T)) {
    store<T>(inout, f(load<T>(in), load<T>(inout)));
  }
}

// Integer arithmetic runs in an unsigned type of at least int's width, so that overflow wraps
// modulo 2^N as real MPIs' C loops do in practice, instead of being undefined behaviour here
// (signed overflow, or unsigned short promoted to int in a product).
template <class T>
using Wrapping = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
T add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<Wrapping<T>>(a) + static_cast<Wrapping<T>>(b));
  } else {
    return a + b;
  }
}

template <class T>
T multiply(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<Wrapping<T>>(a) * static_cast<Wrapping<T>>(b));
  } else {
    return a * b;
  }
}

// Elementwise predefined operation `op` over n elements of T. The caller has checked that `op`
// is defined for T's type class, so the bitwise cases exist only for integer types.
template <class T>
void elementwise(MPI_Op op, const std::byte* in, std::byte* inout, std::int64_t n) {
  const T zero{};
  switch (op) {
    case MPI_MAX: return combine<T>(in, inout, n, [](T a, T b) { return b < a ? a : b; });
    case MPI_MIN: return combine<T>(in, inout, n, [](T a, T b) { return a < b ? a : b; });
    case MPI_SUM: return combine<T>(in, inout, n, add<T>);
    case MPI_PROD: return combine<T>(in, inout, n, multiply<T>);
    case MPI_LAND: return combine<T>(in, inout, n, [&](T a, T b) { return T(a != zero && b != zero); });
    case MPI_LOR: return combine<T>(in, inout, n, [&](T a, T b) { return T(a != zero || b != zero); });
    case MPI_LXOR: return combine<T>(in, inout, n, [&](T a, T b) { return T((a != zero) != (b != zero)); });
    default: break;
  }
  if constexpr (std::is_integral_v<T>) {
    using U = Wrapping<T>;
    switch (op) {
      case MPI_BAND: return combine<T>(in, inout, n, [](T a, T b) { return T(U(a) & U(b)); });
      case MPI_BOR: return combine<T>(in, inout, n, [](T a, T b) { return T(U(a) | U(b)); });
      case MPI_BXOR: return combine<T>(in, inout, n, [](T a, T b) { return T(U(a) ^ U(b)); });
      default: break;
    }
  }
  assert(false && "operation not defined for this type: check() refuses it before");
}

// MPI_MAXLOC (kMax) or MPI_MINLOC over n packed (V value, int index) pairs: the better value
// wins, and equal values keep the lower index, as the MPI standard defines.
template <class V, bool kMax>
void located(const std::byte* in, std::byte* inout, std::int64_t n) {
  constexpr std::size_t kStride = sizeof(V) + sizeof(int);
  for (std::int64_t i = 0; i < n; ++i, in += kStride, inout += kStride) {
    const V a = load<V>(in);
    const V b = load<V>(inout);
    const int a_index = load<int>(in + sizeof(V));
    if (kMax ? b < a : a < b) {
      store<V>(inout, a);
      store<int>(inout + sizeof(V), a_index);
    } else if (a == b && a_index < load<int>(inout + sizeof(V))) {
      store<int>(inout + sizeof(V), a_index);
    }
  }
}

// Calls f(T{}) with the C type of a basic type. MPI_C_BOOL, MPI_BYTE and MPI_PACKED are read as
// unsigned char: only logical and bitwise operations take them, and a C bool object holding a
// byte other than 0 or 1 would be undefined behaviour.
template <class F>
void with_c_type(BasicType type, F&& f) {
  static_assert(sizeof(bool) == 1, "MPI_C_BOOL is handled as one byte");
  switch (type) {
    case BasicType::Char: return f(char{});
    case BasicType::SignedChar: return f(static_cast<signed char>(0));
    case BasicType::UnsignedChar: return f(static_cast<unsigned char>(0));
    case BasicType::Short: return f(short{});
    case BasicType::UnsignedShort: return f(static_cast<unsigned short>(0));
    case BasicType::Int: return f(int{});
    case BasicType::Unsigned: return f(unsigned{});
    case BasicType::Long: return f(long{});
    case BasicType::UnsignedLong: return f(static_cast<unsigned long>(0));
    case BasicType::LongLong: return f(static_cast<long long>(0));
    case BasicType::UnsignedLongLong: return f(static_cast<unsigned long long>(0));
    case BasicType::Float: return f(float{});
    case BasicType::Double: return f(double{});
    case BasicType::LongDouble: return f(static_cast<long double>(0));
    case BasicType::WChar: return f(wchar_t{});
    case BasicType::Int8: return f(std::int8_t{});
    case BasicType::Int16: return f(std::int16_t{});
    case BasicType::Int32: return f(std::int32_t{});
    case BasicType::Int64: return f(std::int64_t{});
    case BasicType::UInt8: return f(std::uint8_t{});
    case BasicType::UInt16: return f(std::uint16_t{});
    case BasicType::UInt32: return f(std::uint32_t{});
    case BasicType::UInt64: return f(std::uint64_t{});
    case BasicType::Bool:
    case BasicType::Byte:
    case BasicType::Packed: return f(static_cast<unsigned char>(0));
  }
}

}  // namespace xo::mpi::kernels
