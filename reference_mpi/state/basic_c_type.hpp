#pragma once
// The C++ type that holds one basic element: its size and alignment are the element's, and the
// predefined reductions and the external32 conversion compute with it.

#include <complex>
#include <cstdint>
#include <type_traits>

#include "xo/mpi/state/basic_type.hpp"

namespace xo::mpi {

template <class T>
struct IsComplex : std::false_type {};
template <class T>
struct IsComplex<std::complex<T>> : std::true_type {};
template <class T>
inline constexpr bool kIsComplex = IsComplex<T>::value;

// Calls f(T{}) with the C++ type of a basic type. MPI_C_BOOL, MPI_CXX_BOOL, MPI_BYTE and MPI_PACKED
// are read as unsigned char: only logical and bitwise operations take them, and a bool object
// holding a byte other than 0 or 1 would be undefined behaviour. std::complex<T> has the layout of
// C's T _Complex and of Fortran's COMPLEX of T's kind (an array of two T). The Fortran types are
// gfortran's on x86-64: default INTEGER, REAL and LOGICAL of 4 bytes.
template <class F>
decltype(auto) with_c_type(BasicType type, F&& f) {
  static_assert(sizeof(bool) == 1, "MPI_C_BOOL and MPI_CXX_BOOL are handled as one byte");
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
    case BasicType::CxxBool:
    case BasicType::Byte:
    case BasicType::Packed: return f(static_cast<unsigned char>(0));
    case BasicType::Aint: return f(long{});                      // MPI_Aint
    case BasicType::Offset:                                      // MPI_Offset
    case BasicType::Count: return f(static_cast<long long>(0));  // MPI_Count
    case BasicType::CFloatComplex:
    case BasicType::CxxFloatComplex:
    case BasicType::Complex:
    case BasicType::Complex8: return f(std::complex<float>{});
    case BasicType::CDoubleComplex:
    case BasicType::CxxDoubleComplex:
    case BasicType::DoubleComplex:
    case BasicType::Complex16: return f(std::complex<double>{});
    case BasicType::CLongDoubleComplex:
    case BasicType::CxxLongDoubleComplex: return f(std::complex<long double>{});
    case BasicType::Integer:
    case BasicType::Integer4:
    case BasicType::Logical: return f(std::int32_t{});
    case BasicType::Integer1: return f(std::int8_t{});
    case BasicType::Integer2: return f(std::int16_t{});
    case BasicType::Integer8: return f(std::int64_t{});
    case BasicType::Real:
    case BasicType::Real4: return f(float{});
    case BasicType::DoublePrecision:
    case BasicType::Real8: return f(double{});
    case BasicType::Character: return f(char{});
  }
  return f(static_cast<unsigned char>(0));  // not reached: the switch covers every BasicType
}

}  // namespace xo::mpi
