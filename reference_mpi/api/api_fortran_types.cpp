// Fortran numeric types named from C (MPI-3.1 section 17.1.9): MPI_Type_match_size finds the
// predefined type of a type class and size; MPI_Type_create_f90_real/complex/integer give the type of
// the KIND that Fortran's selected_real_kind(p, r) / selected_int_kind(r) would select. The kinds are
// gfortran's on x86-64; its REAL(16) and INTEGER(16) have no type here (MPI_REAL16 and MPI_INTEGER16
// are MPI_DATATYPE_NULL), so asking for them is MPI_ERR_ARG: the standard makes asking for a kind
// the compiler lacks erroneous.

#include <string>
#include <vector>

#include "api_call.hpp"
#include "xo/mpi/state/datatype_table.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;

namespace {

// A REAL kind of gfortran: decimal precision and exponent range (Fortran's PRECISION() and RANGE()
// of it), and the predefined real and complex types of its layout.
struct RealKind {
  int precision;
  int range;
  MPI_Datatype real;
  MPI_Datatype complex;
};

// REAL(4), REAL(8) and REAL(10), the x87 extended format that is C's long double.
constexpr RealKind kRealKinds[] = {
    {6, 37, MPI_REAL4, MPI_COMPLEX8},
    {15, 307, MPI_REAL8, MPI_COMPLEX16},
    {18, 4931, MPI_LONG_DOUBLE, MPI_C_LONG_DOUBLE_COMPLEX},
};

// The smallest REAL kind with at least p digits and range r; MPI_UNDEFINED (negative) leaves either
// free, as an omitted argument of selected_real_kind does.
const RealKind& real_kind(int p, int r) {
  if (p == MPI_UNDEFINED && r == MPI_UNDEFINED) {
    throw MpiError(MPI_ERR_ARG, "p and r are both MPI_UNDEFINED; give at least one of them");
  }
  for (const RealKind& kind : kRealKinds) {
    if (p <= kind.precision && r <= kind.range) return kind;
  }
  throw MpiError(MPI_ERR_ARG, "no REAL kind has " + std::to_string(p) + " digits and exponent range " +
                                  std::to_string(r) +
                                  ": the largest here is REAL(10) (18 digits, range 4931); "
                                  "gfortran's REAL(16) has no type in this library");
}

// INTEGER(1), (2), (4), (8): their decimal exponent range (Fortran's RANGE()) and type.
struct IntegerKind {
  int range;
  MPI_Datatype type;
};

constexpr IntegerKind kIntegerKinds[] = {{2, MPI_INTEGER1}, {4, MPI_INTEGER2}, {9, MPI_INTEGER4}, {18, MPI_INTEGER8}};

MPI_Datatype integer_kind_type(int r) {
  if (r == MPI_UNDEFINED) throw MpiError(MPI_ERR_ARG, "r is MPI_UNDEFINED; selected_int_kind needs a range");
  for (const IntegerKind& kind : kIntegerKinds) {
    if (r <= kind.range) return kind.type;
  }
  throw MpiError(MPI_ERR_ARG, "no INTEGER kind has exponent range " + std::to_string(r) +
                                  ": the largest here is INTEGER(8) (range 18); gfortran's INTEGER(16) has no type "
                                  "in this library");
}

// The predefined types MPI_Type_match_size chooses from, per class: the size-specific Fortran
// types, and C's long double (and its complex) for the 16-byte real a C program means by
// sizeof(long double).
MPI_Datatype size_matched_type(int typeclass, int size) {
  struct Match {
    int typeclass;
    int size;
    MPI_Datatype type;
  };
  static constexpr Match kMatches[] = {
      {MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1},
      {MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2},
      {MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER4},
      {MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8},
      {MPI_TYPECLASS_REAL, 4, MPI_REAL4},
      {MPI_TYPECLASS_REAL, 8, MPI_REAL8},
      {MPI_TYPECLASS_REAL, static_cast<int>(sizeof(long double)), MPI_LONG_DOUBLE},
      {MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX8},
      {MPI_TYPECLASS_COMPLEX, 16, MPI_COMPLEX16},
      {MPI_TYPECLASS_COMPLEX, static_cast<int>(2 * sizeof(long double)), MPI_C_LONG_DOUBLE_COMPLEX},
  };
  if (typeclass != MPI_TYPECLASS_INTEGER && typeclass != MPI_TYPECLASS_REAL && typeclass != MPI_TYPECLASS_COMPLEX) {
    throw MpiError(MPI_ERR_ARG, "typeclass " + std::to_string(typeclass) +
                                    " is not MPI_TYPECLASS_INTEGER, MPI_TYPECLASS_REAL or MPI_TYPECLASS_COMPLEX");
  }
  for (const Match& m : kMatches) {
    if (m.typeclass == typeclass && m.size == size) return m.type;
  }
  throw MpiError(MPI_ERR_ARG, "no predefined type of this class is " + std::to_string(size) +
                                  " bytes; integers are 1, 2, 4 or 8 bytes, reals 4, 8 or 16, complex numbers 8, "
                                  "16 or 32");
}

// The shared body of the MPI_Type_create_f90_* calls: `kind()` gives the predefined type of the
// selected KIND (or throws), and the rank's table hands out its handle for these arguments.
template <class Kind>
int create_f90(const char* call, int combiner, std::vector<int> integers, MPI_Datatype* newtype, Kind&& kind) {
  return api_call(call, MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(newtype, "newtype");
    xo::mpi::DatatypeTable& table = xo::mpi::current_datatypes();
    *newtype = table.f90_type(combiner, std::move(integers), table.get(kind()));
  });
}

}  // namespace

extern "C" {

int MPI_Type_match_size(int typeclass, int size, MPI_Datatype* datatype) {
  return api_call("MPI_Type_match_size", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(datatype, "datatype");
    *datatype = size_matched_type(typeclass, size);
  });
}

int MPI_Type_create_f90_real(int p, int r, MPI_Datatype* newtype) {
  return create_f90("MPI_Type_create_f90_real", MPI_COMBINER_F90_REAL, {p, r}, newtype,
                    [&] { return real_kind(p, r).real; });
}

int MPI_Type_create_f90_complex(int p, int r, MPI_Datatype* newtype) {
  return create_f90("MPI_Type_create_f90_complex", MPI_COMBINER_F90_COMPLEX, {p, r}, newtype,
                    [&] { return real_kind(p, r).complex; });
}

int MPI_Type_create_f90_integer(int r, MPI_Datatype* newtype) {
  return create_f90("MPI_Type_create_f90_integer", MPI_COMBINER_F90_INTEGER, {r}, newtype,
                    [&] { return integer_kind_type(r); });
}

}  // extern "C"
