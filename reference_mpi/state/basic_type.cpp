#include "xo/mpi/state/basic_type.hpp"

#include "basic_c_type.hpp"

namespace xo::mpi {

std::int64_t basic_size(BasicType type) {
  return with_c_type(type, [](auto zero) { return static_cast<std::int64_t>(sizeof zero); });
}

std::int64_t basic_alignment(BasicType type) {
  return with_c_type(type, [](auto zero) { return static_cast<std::int64_t>(alignof(decltype(zero))); });
}

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
    case BasicType::Aint: return "MPI_AINT";
    case BasicType::Offset: return "MPI_OFFSET";
    case BasicType::Count: return "MPI_COUNT";
    case BasicType::CFloatComplex: return "MPI_C_COMPLEX";  // MPI_C_FLOAT_COMPLEX is its alias
    case BasicType::CDoubleComplex: return "MPI_C_DOUBLE_COMPLEX";
    case BasicType::CLongDoubleComplex: return "MPI_C_LONG_DOUBLE_COMPLEX";
    case BasicType::CxxBool: return "MPI_CXX_BOOL";
    case BasicType::CxxFloatComplex: return "MPI_CXX_FLOAT_COMPLEX";
    case BasicType::CxxDoubleComplex: return "MPI_CXX_DOUBLE_COMPLEX";
    case BasicType::CxxLongDoubleComplex: return "MPI_CXX_LONG_DOUBLE_COMPLEX";
    case BasicType::Integer: return "MPI_INTEGER";
    case BasicType::Real: return "MPI_REAL";
    case BasicType::DoublePrecision: return "MPI_DOUBLE_PRECISION";
    case BasicType::Complex: return "MPI_COMPLEX";
    case BasicType::DoubleComplex: return "MPI_DOUBLE_COMPLEX";
    case BasicType::Logical: return "MPI_LOGICAL";
    case BasicType::Character: return "MPI_CHARACTER";
    case BasicType::Integer1: return "MPI_INTEGER1";
    case BasicType::Integer2: return "MPI_INTEGER2";
    case BasicType::Integer4: return "MPI_INTEGER4";
    case BasicType::Integer8: return "MPI_INTEGER8";
    case BasicType::Real4: return "MPI_REAL4";
    case BasicType::Real8: return "MPI_REAL8";
    case BasicType::Complex8: return "MPI_COMPLEX8";
    case BasicType::Complex16: return "MPI_COMPLEX16";
  }
  return "an unknown basic type";
}

}  // namespace xo::mpi
