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

#include "basic_c_type.hpp"

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
// is defined for T's type class, so the comparisons and logical cases exist only for types that are
// ordered (not complex), and the bitwise cases only for integer types.
template <class T>
void elementwise(MPI_Op op, const std::byte* in, std::byte* inout, std::int64_t n) {
  switch (op) {
    case MPI_SUM: return combine<T>(in, inout, n, add<T>);
    case MPI_PROD: return combine<T>(in, inout, n, multiply<T>);
    default: break;
  }
  if constexpr (!kIsComplex<T>) {
    const T zero{};
    switch (op) {
      case MPI_MAX: return combine<T>(in, inout, n, [](T a, T b) { return b < a ? a : b; });
      case MPI_MIN: return combine<T>(in, inout, n, [](T a, T b) { return a < b ? a : b; });
      case MPI_LAND: return combine<T>(in, inout, n, [&](T a, T b) { return T(a != zero && b != zero); });
      case MPI_LOR: return combine<T>(in, inout, n, [&](T a, T b) { return T(a != zero || b != zero); });
      case MPI_LXOR: return combine<T>(in, inout, n, [&](T a, T b) { return T((a != zero) != (b != zero)); });
      default: break;
    }
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

// MPI_MAXLOC (kMax) or MPI_MINLOC over n packed (V value, I index) pairs: the better value wins,
// and equal values keep the lower index, as the MPI standard defines. I is int for the C pair types
// and V itself for the Fortran ones (MPI_2REAL: a REAL index).
template <class V, class I, bool kMax>
void located(const std::byte* in, std::byte* inout, std::int64_t n) {
  constexpr std::size_t kStride = sizeof(V) + sizeof(I);
  for (std::int64_t i = 0; i < n; ++i, in += kStride, inout += kStride) {
    const V a = load<V>(in);
    const V b = load<V>(inout);
    const I a_index = load<I>(in + sizeof(V));
    if (kMax ? b < a : a < b) {
      store<V>(inout, a);
      store<I>(inout + sizeof(V), a_index);
    } else if (a == b && a_index < load<I>(inout + sizeof(V))) {
      store<I>(inout + sizeof(V), a_index);
    }
  }
}

}  // namespace xo::mpi::kernels
