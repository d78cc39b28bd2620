#pragma once
// The basic elements a type map is made of: one per predefined basic datatype of mpi.h (MPI_LONG_LONG,
// an alias, shares MPI_LONG_LONG_INT's). Types of the same C representation stay distinct
// (MPI_INTEGER is not MPI_INT) because they differ in name, in the reductions the standard allows
// on them and in their external32 form.

#include <cstdint>

namespace xo::mpi {

enum class BasicType : std::uint8_t {
  // C (MPI-1, MPI-2.2)
  Char,
  SignedChar,
  UnsignedChar,
  Short,
  UnsignedShort,
  Int,
  Unsigned,
  Long,
  UnsignedLong,
  LongLong,
  UnsignedLongLong,
  Float,
  Double,
  LongDouble,
  WChar,
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Byte,
  Packed,
  // MPI_AINT, MPI_OFFSET, MPI_COUNT and the C complex types (MPI-2.2, MPI-3)
  Aint,
  Offset,
  Count,
  CFloatComplex,
  CDoubleComplex,
  CLongDoubleComplex,
  // C++ (MPI-3)
  CxxBool,
  CxxFloatComplex,
  CxxDoubleComplex,
  CxxLongDoubleComplex,
  // Fortran, as gfortran lays them out on x86-64
  Integer,
  Real,
  DoublePrecision,
  Complex,
  DoubleComplex,
  Logical,
  Character,
  Integer1,
  Integer2,
  Integer4,
  Integer8,
  Real4,
  Real8,
  Complex8,
  Complex16,
};

std::int64_t basic_size(BasicType type);
std::int64_t basic_alignment(BasicType type);
const char* basic_type_name(BasicType type);  // the MPI handle's name, "MPI_DOUBLE"

}  // namespace xo::mpi
