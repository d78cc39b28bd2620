// The predefined datatypes of MPI-2.2/3 and Fortran (MPI_AINT, the complex and C++ types, MPI_INTEGER
// ...): sizes, extents, names and envelopes against the C++ types and gfortran's layouts, their use
// in messages, Pack and Get_elements; MPI_Type_match_size; MPI_Type_create_f90_* (kinds, envelopes,
// one handle per (p, r), not freeable, usable).

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

struct Named {
  MPI_Datatype type;
  const char* name;
  int size;
};

// Sizes from the C and C++ types, and for Fortran from gfortran on x86-64 (default INTEGER, REAL and
// LOGICAL of 4 bytes, DOUBLE PRECISION of 8, the *n types of n bytes).
const std::vector<Named> kNamed = {
    {MPI_AINT, "MPI_AINT", sizeof(MPI_Aint)},
    {MPI_OFFSET, "MPI_OFFSET", sizeof(MPI_Offset)},
    {MPI_COUNT, "MPI_COUNT", sizeof(MPI_Count)},
    {MPI_C_COMPLEX, "MPI_C_COMPLEX", sizeof(std::complex<float>)},
    {MPI_C_DOUBLE_COMPLEX, "MPI_C_DOUBLE_COMPLEX", sizeof(std::complex<double>)},
    {MPI_C_LONG_DOUBLE_COMPLEX, "MPI_C_LONG_DOUBLE_COMPLEX", sizeof(std::complex<long double>)},
    {MPI_CXX_BOOL, "MPI_CXX_BOOL", sizeof(bool)},
    {MPI_CXX_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX", sizeof(std::complex<float>)},
    {MPI_CXX_DOUBLE_COMPLEX, "MPI_CXX_DOUBLE_COMPLEX", sizeof(std::complex<double>)},
    {MPI_CXX_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX", sizeof(std::complex<long double>)},
    {MPI_INTEGER, "MPI_INTEGER", 4},
    {MPI_REAL, "MPI_REAL", 4},
    {MPI_DOUBLE_PRECISION, "MPI_DOUBLE_PRECISION", 8},
    {MPI_COMPLEX, "MPI_COMPLEX", 8},
    {MPI_DOUBLE_COMPLEX, "MPI_DOUBLE_COMPLEX", 16},
    {MPI_LOGICAL, "MPI_LOGICAL", 4},
    {MPI_CHARACTER, "MPI_CHARACTER", 1},
    {MPI_2INTEGER, "MPI_2INTEGER", 8},
    {MPI_2REAL, "MPI_2REAL", 8},
    {MPI_2DOUBLE_PRECISION, "MPI_2DOUBLE_PRECISION", 16},
    {MPI_INTEGER1, "MPI_INTEGER1", 1},
    {MPI_INTEGER2, "MPI_INTEGER2", 2},
    {MPI_INTEGER4, "MPI_INTEGER4", 4},
    {MPI_INTEGER8, "MPI_INTEGER8", 8},
    {MPI_REAL4, "MPI_REAL4", 4},
    {MPI_REAL8, "MPI_REAL8", 8},
    {MPI_COMPLEX8, "MPI_COMPLEX8", 8},
    {MPI_COMPLEX16, "MPI_COMPLEX16", 16},
};

std::string name_of(MPI_Datatype type) {
  char name[MPI_MAX_OBJECT_NAME] = "unset";
  int length = -1;
  MPI_Type_get_name(type, name, &length);
  return name;
}

int size_of(MPI_Datatype type) {
  int size = -1;
  MPI_Type_size(type, &size);
  return size;
}

struct Envelope {
  int integers = -1, addresses = -1, datatypes = -1, combiner = -1;
};

Envelope envelope_of(MPI_Datatype type) {
  Envelope e;
  MPI_Type_get_envelope(type, &e.integers, &e.addresses, &e.datatypes, &e.combiner);
  return e;
}

}  // namespace

TEST(PredefinedTypes, SizesExtentsNamesAndEnvelopes) {
  auto result = simulate(1, [&](int, int) {
    for (const Named& n : kNamed) {
      SCOPED_TRACE(n.name);
      EXPECT_EQ(size_of(n.type), n.size);
      MPI_Aint lb = -1, extent = -1, true_lb = -1, true_extent = -1;
      MPI_Type_get_extent(n.type, &lb, &extent);
      MPI_Type_get_true_extent(n.type, &true_lb, &true_extent);
      EXPECT_EQ(lb, 0);
      EXPECT_EQ(extent, n.size);
      EXPECT_EQ(true_extent, n.size);
      EXPECT_EQ(name_of(n.type), n.name);
      const Envelope e = envelope_of(n.type);
      EXPECT_EQ(e.combiner, MPI_COMBINER_NAMED);
      EXPECT_EQ(e.integers + e.addresses + e.datatypes, 0);
      MPI_Datatype copy = n.type;
      EXPECT_EQ(MPI_Type_commit(&copy), MPI_SUCCESS);  // predefined types are committed already
    }
    // The standard's synonyms: MPI_C_FLOAT_COMPLEX is MPI_C_COMPLEX, as MPI_LONG_LONG is MPI_LONG_LONG_INT.
    EXPECT_EQ(MPI_C_FLOAT_COMPLEX, MPI_C_COMPLEX);
    EXPECT_EQ(name_of(MPI_C_FLOAT_COMPLEX), "MPI_C_COMPLEX");
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
}

TEST(PredefinedTypes, HandlesAreDistinctAndBelowTheUserRange) {
  std::set<MPI_Datatype> handles;
  for (const Named& n : kNamed) {
    EXPECT_GT(n.type, MPI_LB) << n.name;  // after the MPI-1 types
    EXPECT_LT(n.type, XO_FIRST_USER_DATATYPE) << n.name;
    handles.insert(n.type);
  }
  EXPECT_EQ(handles.size(), kNamed.size());
}

TEST(PredefinedTypes, SixteenByteFortranTypesAreNullAndRefused) {
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int size = 0;
    for (MPI_Datatype t : {MPI_INTEGER16, MPI_REAL16, MPI_COMPLEX32}) codes.push_back(MPI_Type_size(t, &size));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(MPI_INTEGER16, MPI_DATATYPE_NULL);
  EXPECT_EQ(MPI_REAL16, MPI_DATATYPE_NULL);
  EXPECT_EQ(MPI_COMPLEX32, MPI_DATATYPE_NULL);
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_TYPE, MPI_ERR_TYPE, MPI_ERR_TYPE}));
}

TEST(PredefinedTypes, TravelInMessagesPackAndCountAsOneElement) {
  std::vector<std::complex<double>> got_complex(3);
  std::vector<MPI_Aint> got_addresses(2);
  int count = -1, elements = -1, pair_elements = -1;
  std::vector<double> unpacked(4);
  auto result = simulate(2, [&](int rank, int) {
    const std::vector<std::complex<double>> values = {{1.5, -2}, {0, 3.25}, {-7, 0.5}};
    const std::vector<MPI_Aint> addresses = {MPI_Aint{1} << 40, -5};
    if (rank == 0) {
      MPI_Send(values.data(), 3, MPI_C_DOUBLE_COMPLEX, 1, 0, MPI_COMM_WORLD);
      MPI_Send(addresses.data(), 2, MPI_AINT, 1, 1, MPI_COMM_WORLD);
      const double pairs[4] = {2.5, 1, -4, 2};  // two (value, index) pairs of MPI_2DOUBLE_PRECISION
      MPI_Send(pairs, 2, MPI_2DOUBLE_PRECISION, 1, 2, MPI_COMM_WORLD);
      return;
    }
    MPI_Status status;
    MPI_Recv(got_complex.data(), 3, MPI_CXX_DOUBLE_COMPLEX, 0, 0, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_C_DOUBLE_COMPLEX, &count);
    MPI_Get_elements(&status, MPI_C_DOUBLE_COMPLEX, &elements);  // a complex number is one basic element
    MPI_Recv(got_addresses.data(), 2, MPI_AINT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double pairs[4] = {};
    MPI_Recv(pairs, 2, MPI_2DOUBLE_PRECISION, 0, 2, MPI_COMM_WORLD, &status);
    MPI_Get_elements(&status, MPI_2DOUBLE_PRECISION, &pair_elements);
    // Pack and Unpack carry the pairs unchanged.
    char packed[64];
    int position = 0;
    MPI_Pack(pairs, 2, MPI_2DOUBLE_PRECISION, packed, sizeof packed, &position, MPI_COMM_WORLD);
    EXPECT_EQ(position, 32);
    position = 0;
    MPI_Unpack(packed, sizeof packed, &position, unpacked.data(), 2, MPI_2DOUBLE_PRECISION, MPI_COMM_WORLD);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got_complex, (std::vector<std::complex<double>>{{1.5, -2}, {0, 3.25}, {-7, 0.5}}));
  EXPECT_EQ(got_addresses, (std::vector<MPI_Aint>{MPI_Aint{1} << 40, -5}));
  EXPECT_EQ(count, 3);
  EXPECT_EQ(elements, 3);
  EXPECT_EQ(pair_elements, 4);  // two DOUBLE PRECISION per pair
  EXPECT_EQ(unpacked, (std::vector<double>{2.5, 1, -4, 2}));
}

TEST(TypeMatchSize, ReturnsThePredefinedTypeOfTheClassAndSize) {
  struct Match {
    int typeclass, size;
    MPI_Datatype expected;
  };
  const std::vector<Match> matches = {
      {MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1},
      {MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2},
      {MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER4},
      {MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8},
      {MPI_TYPECLASS_REAL, 4, MPI_REAL4},
      {MPI_TYPECLASS_REAL, 8, MPI_REAL8},
      {MPI_TYPECLASS_REAL, sizeof(long double), MPI_LONG_DOUBLE},
      {MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX8},
      {MPI_TYPECLASS_COMPLEX, 16, MPI_COMPLEX16},
      {MPI_TYPECLASS_COMPLEX, sizeof(std::complex<long double>), MPI_C_LONG_DOUBLE_COMPLEX},
  };
  std::vector<MPI_Datatype> got;
  std::vector<int> errors;
  auto result = simulate(1, [&](int, int) {
    for (const Match& m : matches) {
      MPI_Datatype t = MPI_DATATYPE_NULL;
      MPI_Type_match_size(m.typeclass, m.size, &t);
      got.push_back(t);
      EXPECT_EQ(size_of(t), m.size);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Datatype t = MPI_DATATYPE_NULL;
    errors.push_back(MPI_Type_match_size(MPI_TYPECLASS_REAL, 2, &t));      // no REAL*2
    errors.push_back(MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 16, &t));  // no INTEGER*16
    errors.push_back(MPI_Type_match_size(MPI_TYPECLASS_COMPLEX, 4, &t));   // no COMPLEX*4
    errors.push_back(MPI_Type_match_size(99, 4, &t));                      // no such class
    MPI_Type_match_size(MPI_TYPECLASS_REAL, 4, &t);
    errors.push_back(MPI_Type_free(&t));  // a predefined type
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  std::vector<MPI_Datatype> expected;
  for (const Match& m : matches) expected.push_back(m.expected);
  EXPECT_EQ(got, expected);
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_TYPE}));
}

namespace {

struct F90Case {
  int combiner;
  int p, r;  // p is unused for integers
  int size;  // from gfortran's PRECISION/RANGE of REAL(4) 6/37, REAL(8) 15/307, REAL(10) 18/4931 and
             // the RANGE of INTEGER(1) 2, (2) 4, (4) 9, (8) 18
};

MPI_Datatype create_f90(const F90Case& c) {
  MPI_Datatype t = MPI_DATATYPE_NULL;
  if (c.combiner == MPI_COMBINER_F90_REAL) MPI_Type_create_f90_real(c.p, c.r, &t);
  if (c.combiner == MPI_COMBINER_F90_COMPLEX) MPI_Type_create_f90_complex(c.p, c.r, &t);
  if (c.combiner == MPI_COMBINER_F90_INTEGER) MPI_Type_create_f90_integer(c.r, &t);
  return t;
}

}  // namespace

TEST(F90Types, KindSizesEnvelopesAndContents) {
  const std::vector<F90Case> cases = {
      {MPI_COMBINER_F90_REAL, 3, 10, 4},
      {MPI_COMBINER_F90_REAL, 3, MPI_UNDEFINED, 4},
      {MPI_COMBINER_F90_REAL, MPI_UNDEFINED, 30, 4},
      {MPI_COMBINER_F90_REAL, 7, MPI_UNDEFINED, 8},
      {MPI_COMBINER_F90_REAL, MPI_UNDEFINED, 38, 8},
      {MPI_COMBINER_F90_REAL, 16, 5, sizeof(long double)},  // REAL(10): x87 extended
      {MPI_COMBINER_F90_REAL, 6, 308, sizeof(long double)},
      {MPI_COMBINER_F90_COMPLEX, 3, 10, 8},
      {MPI_COMBINER_F90_COMPLEX, 15, 307, 16},
      {MPI_COMBINER_F90_COMPLEX, 18, MPI_UNDEFINED, 2 * sizeof(long double)},
      {MPI_COMBINER_F90_INTEGER, 0, 2, 1},
      {MPI_COMBINER_F90_INTEGER, 0, 3, 2},
      {MPI_COMBINER_F90_INTEGER, 0, 9, 4},
      {MPI_COMBINER_F90_INTEGER, 0, 10, 8},
      {MPI_COMBINER_F90_INTEGER, 0, 18, 8},
  };
  auto result = simulate(1, [&](int, int) {
    for (const F90Case& c : cases) {
      SCOPED_TRACE("combiner " + std::to_string(c.combiner) + " p " + std::to_string(c.p) + " r " +
                   std::to_string(c.r));
      const MPI_Datatype t = create_f90(c);
      ASSERT_NE(t, MPI_DATATYPE_NULL);
      EXPECT_EQ(size_of(t), c.size);
      const Envelope e = envelope_of(t);
      EXPECT_EQ(e.combiner, c.combiner);
      const bool integer = c.combiner == MPI_COMBINER_F90_INTEGER;
      EXPECT_EQ(e.integers, integer ? 1 : 2);
      EXPECT_EQ(e.addresses, 0);
      EXPECT_EQ(e.datatypes, 0);  // no datatype arguments (MPI-3.1 section 4.1.13)
      int ints[2] = {-1, -1};
      MPI_Type_get_contents(t, 2, 0, 0, ints, nullptr, nullptr);
      if (integer) {
        EXPECT_EQ(ints[0], c.r);
      } else {
        EXPECT_EQ(ints[0], c.p);
        EXPECT_EQ(ints[1], c.r);
      }
      EXPECT_EQ(create_f90(c), t);  // the same handle for the same arguments
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
}

TEST(F90Types, DistinctArgumentsDistinctHandlesNotFreeableButUsable) {
  MPI_Datatype a = MPI_DATATYPE_NULL, b = MPI_DATATYPE_NULL, from_dup = MPI_DATATYPE_NULL;
  MPI_Datatype after_free = MPI_DATATYPE_NULL;
  std::vector<int> errors;
  double received = 0, reduced = 0;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_create_f90_real(7, MPI_UNDEFINED, &a);
    MPI_Type_create_f90_real(7, 30, &b);  // the same kind, but types of different (p, r) differ
    after_free = a;
    errors.push_back(MPI_Type_free(&after_free));
    // Usable at once in communication and reductions, as a predefined type is.
    const double value = 2.25;
    MPI_Sendrecv(&value, 1, a, 0, 0, &received, 1, a, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    reduced = 1.5;
    MPI_Reduce_local(&value, &reduced, 1, a, MPI_SUM);
    // A dup's contents give back the f90 type itself, which the program must not free.
    MPI_Datatype dup = MPI_DATATYPE_NULL;
    MPI_Type_dup(a, &dup);
    int ni, na, nd, combiner;
    MPI_Type_get_envelope(dup, &ni, &na, &nd, &combiner);
    EXPECT_EQ(combiner, MPI_COMBINER_DUP);
    MPI_Type_get_contents(dup, 0, 0, 1, nullptr, nullptr, &from_dup);
    MPI_Type_free(&dup);
    MPI_Datatype t = MPI_DATATYPE_NULL;
    errors.push_back(MPI_Type_create_f90_real(MPI_UNDEFINED, MPI_UNDEFINED, &t));
    errors.push_back(MPI_Type_create_f90_real(19, MPI_UNDEFINED, &t));  // REAL(16), not provided
    errors.push_back(MPI_Type_create_f90_complex(6, 5000, &t));
    errors.push_back(MPI_Type_create_f90_integer(19, &t));  // INTEGER(16), not provided
    errors.push_back(MPI_Type_create_f90_integer(MPI_UNDEFINED, &t));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_NE(a, b);
  EXPECT_GE(a, XO_FIRST_USER_DATATYPE);
  EXPECT_EQ(after_free, a);  // a refused free leaves the handle alone
  EXPECT_EQ(from_dup, a);
  EXPECT_EQ(received, 2.25);
  EXPECT_EQ(reduced, 3.75);
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_TYPE, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG}));
}
